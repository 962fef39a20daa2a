import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOnTick, roundToTick, tickSize, type RoundMode, type TickRules } from './ticks'

const fine: TickRules = { market: 'jp', topix500: true }
const standard: TickRules = { market: 'jp', topix500: false }
const us: TickRules = { market: 'us' }
const cn: TickRules = { market: 'cn' }
const index: TickRules = { market: 'jp', kind: 'index' }

// MARKET-RULES §1, typed again here so a slip in the code's table cannot hide in both.
// [price ≤ X, TOPIX500 tick, standard tick]
const TSE_ROWS: [number, number, number][] = [
  [1_000, 0.1, 1],
  [3_000, 0.5, 1],
  [5_000, 1, 5],
  [10_000, 1, 10],
  [30_000, 5, 10],
  [50_000, 10, 50],
  [100_000, 10, 100],
  [300_000, 50, 100],
  [500_000, 100, 500],
  [1_000_000, 100, 1_000],
  [3_000_000, 500, 1_000],
  [5_000_000, 1_000, 5_000],
  [10_000_000, 1_000, 10_000],
  [30_000_000, 5_000, 10_000],
  [50_000_000, 10_000, 50_000],
]

describe('tickSize', () => {
  it.each(TSE_ROWS)(
    'TSE band ≤ %d is inclusive (fine %d, standard %d)',
    (max, fineTick, stdTick) => {
      expect(tickSize(fine, max)).toBe(fineTick)
      expect(tickSize(standard, max)).toBe(stdTick)
      expect(tickSize(fine, max - fineTick)).toBe(fineTick)
      expect(tickSize(standard, max - stdTick)).toBe(stdTick)
    },
  )

  const ABOVE_TOP: [number, number, number] = [Infinity, 10_000, 100_000]
  it.each(TSE_ROWS.map((row, i) => [row[0], TSE_ROWS[i + 1] ?? ABOVE_TOP] as const))(
    'just above %d the next band applies',
    (max, [, nextFine, nextStd]) => {
      expect(tickSize(fine, max + nextFine)).toBe(nextFine)
      expect(tickSize(standard, max + nextStd)).toBe(nextStd)
    },
  )

  it('US: a cent from $1.00, a hundredth of a cent below', () => {
    expect(tickSize(us, 1)).toBe(0.01)
    expect(tickSize(us, 250.37)).toBe(0.01)
    expect(tickSize(us, 0.9999)).toBe(0.0001)
    expect(tickSize(us, 0.5)).toBe(0.0001)
  })

  it('China 0.01 at any price; indices print to 0.01', () => {
    expect(tickSize(cn, 1450)).toBe(0.01)
    expect(tickSize(cn, 0.5)).toBe(0.01)
    expect(tickSize(index, 49_123.45)).toBe(0.01)
  })
})

describe('roundToTick', () => {
  it('leaves no float noise', () => {
    expect(roundToTick(fine, 812.37)).toBe(812.4)
    expect(roundToTick(fine, 0.1 + 0.2)).toBe(0.3)
    expect(roundToTick(cn, 1.1 + 2.2)).toBe(3.3)
    expect(roundToTick(us, 1.005)).toBe(1.01)
  })

  it('rounds with the tick of the band the price is in', () => {
    expect(roundToTick(standard, 812.37)).toBe(812)
    expect(roundToTick(fine, 1000.2)).toBe(1000)
    expect(roundToTick(fine, 1000.3)).toBe(1000.5)
    expect(roundToTick(fine, 1000.3, 'up')).toBe(1000.5)
    expect(roundToTick(fine, 999.93, 'up')).toBe(1000)
    expect(roundToTick(fine, 2999.8, 'up')).toBe(3000)
    expect(roundToTick(standard, 3002)).toBe(3000)
    expect(roundToTick(standard, 3003)).toBe(3005)
    expect(roundToTick(standard, 3002.5)).toBe(3005) // ties go up
    expect(roundToTick(standard, 4999, 'down')).toBe(4995)
    expect(roundToTick(standard, 5009, 'down')).toBe(5000)
    expect(roundToTick(us, 0.12341, 'up')).toBe(0.1235)
    expect(roundToTick(us, 0.99999, 'up')).toBe(1)
    expect(roundToTick(us, 1.0049, 'down')).toBe(1)
  })

  it('refuses what is not a price', () => {
    expect(() => roundToTick(cn, Number.NaN)).toThrow(RangeError)
    expect(() => roundToTick(fine, Infinity)).toThrow(RangeError)
  })
})

describe('isOnTick', () => {
  it('knows the grid', () => {
    expect(isOnTick(fine, 999.9)).toBe(true)
    expect(isOnTick(fine, 1000)).toBe(true)
    expect(isOnTick(fine, 1000.1)).toBe(false)
    expect(isOnTick(standard, 3005)).toBe(true)
    expect(isOnTick(standard, 3003)).toBe(false)
    expect(isOnTick(us, 0.1234)).toBe(true)
    expect(isOnTick(us, 1.001)).toBe(false)
    expect(isOnTick(cn, 10.01)).toBe(true)
    expect(isOnTick(cn, 10.015)).toBe(false)
  })
})

describe('properties', () => {
  const rules = fc.constantFrom(fine, standard, us, cn, index)
  const mode = fc.constantFrom<RoundMode>('nearest', 'down', 'up')
  const price = fc.oneof(
    fc.double({ min: 0.0001, max: 1e8, noNaN: true }),
    fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
  )

  it('roundToTick lands on the grid and is idempotent', () => {
    fc.assert(
      fc.property(rules, price, mode, mode, (r, p, m1, m2) => {
        const once = roundToTick(r, p, m1)
        expect(isOnTick(r, once)).toBe(true)
        expect(roundToTick(r, once, m2)).toBe(once)
      }),
    )
  })

  it('down ≤ price ≤ up, and nearest is one of them', () => {
    fc.assert(
      fc.property(rules, price, (r, p) => {
        const down = roundToTick(r, p, 'down')
        const up = roundToTick(r, p, 'up')
        expect(down).toBeLessThanOrEqual(p * (1 + 1e-12))
        expect(up).toBeGreaterThanOrEqual(p * (1 - 1e-12))
        expect([down, up]).toContain(roundToTick(r, p))
      }),
    )
  })
})
