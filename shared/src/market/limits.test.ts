import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { priceLimits, tseLimitWidth, tseRenewalInterval, type LimitRules } from './limits'
import { isOnTick, roundToTick } from './ticks'

const fine: LimitRules = { market: 'jp', topix500: true }
const standard: LimitRules = { market: 'jp' }
const main: LimitRules = { market: 'cn', board: 'main' }
const st: LimitRules = { market: 'cn', board: 'main', riskWarning: true }
const star: LimitRules = { market: 'cn', board: 'star' }
const chinext: LimitRules = { market: 'cn', board: 'chinext' }

// MARKET-RULES §1 as printed: [base price < X, limit].
// prettier-ignore
const TSE_ROWS: [number, number][] = [
  [100, 30], [200, 50], [500, 80], [700, 100], [1_000, 150], [1_500, 300], [2_000, 400],
  [3_000, 500], [5_000, 700], [7_000, 1_000], [10_000, 1_500], [15_000, 3_000], [20_000, 4_000],
  [30_000, 5_000], [50_000, 7_000], [70_000, 10_000], [100_000, 15_000], [150_000, 30_000],
  [200_000, 40_000], [300_000, 50_000], [500_000, 70_000], [700_000, 100_000],
  [1_000_000, 150_000], [1_500_000, 300_000], [2_000_000, 400_000], [3_000_000, 500_000],
  [5_000_000, 700_000], [7_000_000, 1_000_000], [10_000_000, 1_500_000],
  [15_000_000, 3_000_000], [20_000_000, 4_000_000], [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
]

describe('tseRenewalInterval', () => {
  it('is a tenth of the limit width, 5 yen below 100 yen (MARKET-RULES §1)', () => {
    expect(tseRenewalInterval(99)).toBe(5)
    expect(tseRenewalInterval(150)).toBe(5)
    expect(tseRenewalInterval(400)).toBe(8)
    expect(tseRenewalInterval(1_200)).toBe(30)
    expect(tseRenewalInterval(2_500)).toBe(50)
  })
})

describe('tseLimitWidth', () => {
  it('names the rows of the brief', () => {
    expect(tseLimitWidth(999)).toBe(150)
    expect(tseLimitWidth(1_000)).toBe(300)
    expect(tseLimitWidth(2_500)).toBe(500)
    expect(tseLimitWidth(80_000_000)).toBe(10_000_000)
  })

  it.each(TSE_ROWS.map((row, i) => [...row, TSE_ROWS[i + 1]?.[1] ?? 10_000_000] as const))(
    'below %d the limit is %d, from it %d',
    (below, width, next) => {
      expect(tseLimitWidth(below - 0.1)).toBe(width)
      expect(tseLimitWidth(below)).toBe(next)
    },
  )
})

describe('priceLimits in Japan', () => {
  it('adds and subtracts the width', () => {
    expect(priceLimits(standard, 2_500)).toEqual({ up: 3_000, down: 2_000 })
    expect(priceLimits(standard, 999)).toEqual({ up: 1_149, down: 849 })
    expect(priceLimits(fine, 1_000)).toEqual({ up: 1_300, down: 700 })
  })

  it('keeps both limits on the grid, inside the width', () => {
    // 999.9 + 150 = 1149.9 is no TOPIX500 price above 1,000 (0.5 ticks): 1149.5 is the last one.
    expect(priceLimits(fine, 999.9)).toEqual({ up: 1_149.5, down: 849.9 })
    // 3,004 + 700 = 3,704 is between 5-yen ticks on the standard table.
    expect(priceLimits(standard, 3_005)).toEqual({ up: 3_705, down: 2_305 })
    expect(priceLimits(standard, 5_010)).toEqual({ up: 6_010, down: 4_010 })
  })

  it('never goes below the smallest tick', () => {
    expect(priceLimits(standard, 20)).toEqual({ up: 50, down: 1 })
    expect(priceLimits(fine, 20)).toEqual({ up: 50, down: 0.1 })
  })
})

describe('priceLimits in China', () => {
  it('main board ±10 %, rounded half-up to the fen', () => {
    expect(priceLimits(main, 10)).toEqual({ up: 11, down: 9 })
    expect(priceLimits(main, 10.05)).toEqual({ up: 11.06, down: 9.05 }) // 11.055, 9.045
    expect(priceLimits(main, 1_450.37)).toEqual({ up: 1_595.41, down: 1_305.33 })
  })

  it('ST ±5 %, and settable for the proposed change', () => {
    expect(priceLimits(st, 10.05)).toEqual({ up: 10.55, down: 9.55 }) // 10.5525, 9.5475
    expect(priceLimits(st, 3.3)).toEqual({ up: 3.47, down: 3.14 }) // 3.465, 3.135
    expect(priceLimits(st, 10.05, { riskWarningPct: 10 })).toEqual(priceLimits(main, 10.05))
  })

  it('STAR and ChiNext ±20 %, ST or not', () => {
    expect(priceLimits(star, 10.05)).toEqual({ up: 12.06, down: 8.04 })
    expect(priceLimits(chinext, 10.05)).toEqual({ up: 12.06, down: 8.04 })
    expect(priceLimits({ ...chinext, riskWarning: true }, 10.05)).toEqual({ up: 12.06, down: 8.04 })
  })

  it('never goes below 0.01', () => {
    expect(priceLimits(star, 0.01)?.down).toBe(0.01)
  })
})

describe('no limits', () => {
  it('in the US and for indices', () => {
    expect(priceLimits({ market: 'us' }, 270)).toBeNull()
    expect(priceLimits({ market: 'jp', kind: 'index' }, 49_000)).toBeNull()
    expect(priceLimits({ market: 'cn', kind: 'index' }, 3_950)).toBeNull()
  })

  it('refuses a base that is not a price', () => {
    expect(() => priceLimits(standard, 0)).toThrow(RangeError)
    expect(() => priceLimits(main, Number.NaN)).toThrow(RangeError)
  })
})

describe('properties', () => {
  it('Japan: up > prevClose > down, both on the grid', () => {
    const rules = fc.constantFrom(fine, standard)
    fc.assert(
      fc.property(rules, fc.double({ min: 2, max: 1e8, noNaN: true }), (r, raw) => {
        const prev = roundToTick(r, raw)
        const limits = priceLimits(r, prev)
        expect(limits).not.toBeNull()
        if (!limits) return
        expect(limits.up).toBeGreaterThan(prev)
        expect(limits.down).toBeLessThan(prev)
        expect(isOnTick(r, limits.up) && isOnTick(r, limits.down)).toBe(true)
      }),
    )
  })

  it('China: up > prevClose > down, both on the grid', () => {
    const rules = fc.constantFrom(main, st, star, chinext)
    fc.assert(
      fc.property(rules, fc.integer({ min: 100, max: 500_000 }), (r, fen) => {
        const prev = fen / 100
        const limits = priceLimits(r, prev)
        if (!limits) throw new Error('China has limits')
        expect(limits.up).toBeGreaterThan(prev)
        expect(limits.down).toBeLessThan(prev)
        expect(
          isOnTick({ market: 'cn' }, limits.up) && isOnTick({ market: 'cn' }, limits.down),
        ).toBe(true)
      }),
    )
  })
})
