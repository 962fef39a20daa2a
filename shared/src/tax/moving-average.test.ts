import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bought, NO_SHARES, sold, splitBasis, type CostBasis } from './moving-average'

describe('moving average cost basis', () => {
  it('sells at the average of the purchases, rounded half up to a unit', () => {
    const basis = bought(bought(NO_SHARES, 100n, 100_000n), 200n, 260_000n)
    // 360,000 for 300 shares: 1,200 a share.
    expect(sold(basis, 100n).cost).toBe(120_000n)
    const odd = bought(NO_SHARES, 3n, 10n)
    expect(sold(odd, 1n)).toEqual({ cost: 3n, after: { shares: 2n, cost: 7n } })
    expect(sold(odd, 2n).cost).toBe(7n) // 6.67 rounds up
  })

  it('keeps the total cost through a split and refuses impossible moves', () => {
    const basis = bought(NO_SHARES, 100n, 250_000n)
    expect(splitBasis(basis, { num: 2n, den: 1n })).toEqual({ shares: 200n, cost: 250_000n })
    expect(() => splitBasis(basis, { num: 1n, den: 3n })).toThrow(RangeError)
    expect(() => sold(basis, 101n)).toThrow(RangeError)
    expect(() => bought(basis, 0n, 1n)).toThrow(RangeError)
  })

  it('over any purchases and sales, the sales take exactly what the holding cost once it is sold out', () => {
    const move = fc.oneof(
      fc.record({
        buy: fc.bigInt({ min: 1n, max: 10_000n }),
        cost: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      }),
      fc.record({ sellShare: fc.double({ min: 0, max: 1, noNaN: true }) }),
    )
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        let basis: CostBasis = NO_SHARES
        let paid = 0n
        let taken = 0n
        for (const m of moves) {
          if ('buy' in m) {
            basis = bought(basis, m.buy, m.cost)
            paid += m.cost
          } else if (basis.shares > 0n) {
            const shares = 1n + BigInt(Math.floor(m.sellShare * Number(basis.shares - 1n)))
            const sale = sold(basis, shares)
            expect(sale.cost).toBeGreaterThanOrEqual(0n)
            expect(sale.after.cost).toBeGreaterThanOrEqual(0n)
            taken += sale.cost
            basis = sale.after
          }
          expect(taken + basis.cost).toBe(paid)
        }
        if (basis.shares > 0n) taken += sold(basis, basis.shares).cost
        expect(taken).toBe(paid)
      }),
    )
  })
})
