import { describe, expect, it } from 'vitest'
import { DEFAULT_RANGE, INTERVALS, RANGES, rangeAllowed } from './chart-settings'

describe('chart periods', () => {
  it("offers spec §2's periods: intraday, day, week, month and year", () => {
    for (const period of ['ts', '1d', '1w', '1M', '1y'] as const) {
      expect(INTERVALS).toContain(period)
    }
  })

  it('opens every interval on a range it allows; a year only on the longest', () => {
    for (const interval of INTERVALS)
      expect(rangeAllowed(interval, DEFAULT_RANGE[interval])).toBe(true)
    expect(RANGES.filter((r) => rangeAllowed('1y', r))).toEqual(['1Y'])
    expect(RANGES.filter((r) => rangeAllowed('ts', r))).toEqual(['1D', '1W'])
  })
})
