import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { newTaxYear, taxOn, taxStep, type TaxYear } from './withholding'

const YEN = 10_000n
const yen = (n: number) => BigInt(n) * YEN

describe('taxOn', () => {
  it('is 15.315 % national and 5 % local, each cut below one yen', () => {
    expect(taxOn(yen(1_000_000))).toEqual({ national: yen(153_150), local: yen(50_000) })
    // ¥999: national 152.99… → 152, local 49.95 → 49.
    expect(taxOn(yen(999))).toEqual({ national: yen(152), local: yen(49) })
    expect(taxOn(yen(-5_000))).toEqual({ national: 0n, local: 0n })
    expect(taxOn(0n)).toEqual({ national: 0n, local: 0n })
  })
})

describe('taxStep', () => {
  it('withholds on a gain, refunds when a later loss lowers the net, and starts each year afresh', () => {
    const gain = taxStep(newTaxYear(2026), 2026, yen(100_000))
    expect(gain.change).toEqual({ national: yen(15_315), local: yen(5_000) })
    const loss = taxStep(gain.after, 2026, yen(-40_000))
    expect(loss.change).toEqual({ national: -yen(6_126), local: -yen(2_000) })
    const deeper = taxStep(loss.after, 2026, yen(-100_000))
    expect(deeper.after.withheld).toEqual({ national: 0n, local: 0n })
    expect(deeper.after.net).toBe(yen(-40_000))
    // A dividend received joins the netting: against a net loss, nothing is withheld.
    expect(taxStep(deeper.after, 2026, yen(30_000)).change).toEqual({ national: 0n, local: 0n })
    // January: last year's loss is gone, so a gain is taxed whole.
    const next = taxStep(deeper.after, 2027, yen(10_000))
    expect(next.change).toEqual({ national: yen(1_531), local: yen(500) })
  })

  it('over any year of sales and dividends, holds exactly 20.315 % of max(0, net), never negative', () => {
    const event = fc.record({
      year: fc.integer({ min: 2026, max: 2028 }),
      gain: fc.bigInt({ min: -yen(5_000_000), max: yen(5_000_000) }),
    })
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (raw) => {
        const events = [...raw].sort((a, b) => a.year - b.year)
        let year: TaxYear = newTaxYear(2026)
        const paid = new Map<number, bigint>()
        const nets = new Map<number, bigint>()
        for (const { year: y, gain } of events) {
          const step = taxStep(year, y, gain)
          const moved = step.change.national + step.change.local
          paid.set(y, (paid.get(y) ?? 0n) + moved)
          nets.set(y, (nets.get(y) ?? 0n) + gain)
          expect(step.after.withheld.national).toBeGreaterThanOrEqual(0n)
          expect(step.after.withheld.local).toBeGreaterThanOrEqual(0n)
          year = step.after
        }
        for (const [y, net] of nets) {
          const positive = net > 0n ? net : 0n
          const held = paid.get(y) ?? 0n
          // Each part is cut below a yen: within 2 yen of 20.315 % exactly, never above it.
          const exact = (positive * 20_315n) / 100_000n
          expect(held).toBeLessThanOrEqual(exact)
          expect(exact - held).toBeLessThan(yen(2))
          expect(held % YEN).toBe(0n)
        }
      }),
    )
  })
})
