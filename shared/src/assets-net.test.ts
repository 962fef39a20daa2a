import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { costView, dayChange, netAssets, type NetAssetParts } from './assets'

const units = fc.bigInt({ min: 0n, max: 10n ** 13n })
const position = fc.record({
  side: fc.constantFrom('long' as const, 'short' as const),
  shares: fc.bigInt({ min: 1n, max: 100_000n }),
  price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  cost: units,
})
const intradayPosition = fc.record({
  qty: fc.bigInt({ min: -10_000n, max: 10_000n }),
  price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  cost: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
})
const parts: fc.Arbitrary<NetAssetParts> = fc.record({
  cashAvailable: units,
  cashFrozen: units,
  positions: fc.array(position, { maxLength: 12 }),
  products: units,
  intraday: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
  intradayPositions: fc.array(intradayPosition, { maxLength: 5 }),
  liabilities: units,
})

describe('netAssets', () => {
  it('is the sum of its parts at the same prices', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const v = netAssets(p)
        let positions = 0n
        for (const h of p.positions) {
          const value = h.price * h.shares
          positions += h.side === 'short' ? h.cost - value : value
        }
        const daytrade = p.intradayPositions.reduce((s, x) => s + x.qty * x.price, p.intraday)
        expect(v.marketValue).toBe(positions)
        expect(v.daytradeValue).toBe(daytrade)
        expect(v.netAssets).toBe(
          p.cashAvailable + p.cashFrozen + positions + p.products + daytrade - p.liabilities,
        )
      }),
    )
  })

  it('does not depend on the order holdings are summed in', () => {
    fc.assert(
      fc.property(
        parts.chain((p) =>
          fc.tuple(
            fc.constant(p),
            fc.shuffledSubarray([...p.positions], { minLength: p.positions.length }),
          ),
        ),
        ([p, shuffled]) => {
          expect(netAssets({ ...p, positions: shuffled })).toEqual(netAssets(p))
          expect(costView({ ...p, positions: shuffled })).toEqual(costView(p))
        },
      ),
    )
  })

  it('gives a short what covering it now would leave: proceeds − cost to cover', () => {
    const short = { side: 'short' as const, shares: 100n, price: 110n, cost: 10_000n }
    const v = netAssets({
      cashAvailable: 0n,
      cashFrozen: 3_334n,
      positions: [short],
      products: 0n,
      intraday: 0n,
      intradayPositions: [],
      liabilities: 5n,
    })
    // shortEquity: proceeds + margin held − value − fees owed.
    expect(v.netAssets).toBe(10_000n + 3_334n - 11_000n - 5n)
    expect(v.unrealizedPnl).toBe(-1_000n)
  })
})

describe('dayChange', () => {
  it('does not count money deposited since the close as a gain', () => {
    fc.assert(
      fc.property(
        units,
        units,
        units,
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        (net, dep, inflow, move) => {
          const now = { net: net + inflow + move, deposits: dep + inflow }
          expect(dayChange(now, { net, deposits: dep }).change).toBe(move)
        },
      ),
    )
  })

  it('gives the percentage of what was at work, two decimals', () => {
    expect(dayChange({ net: 1_100n, deposits: 0n }, { net: 1_000n, deposits: 0n }).percent).toBe(
      '10',
    )
    expect(dayChange({ net: 1_000n, deposits: 0n }, { net: 3_000n, deposits: 0n }).percent).toBe(
      '-66.67',
    )
    expect(dayChange({ net: 5n, deposits: 5n }, { net: 0n, deposits: 0n }).percent).toBe('0')
  })
})
