import type { Bar } from '@kabu/shared/market/types'

const YEAR_SECONDS = 365 * 86_400

/** A 52-week range: the highest high and lowest low (−∞/+∞ when there are no bars). */
export interface YearRange {
  high: number
  low: number
}

/** The range of the daily bars of the year up to the latest one. */
export function yearRangeOfBars(bars: readonly Pick<Bar, 'time' | 'high' | 'low'>[]): YearRange {
  const latest = bars[bars.length - 1]
  let high = -Infinity
  let low = Infinity
  if (!latest) return { high, low }
  for (const bar of bars) {
    if (bar.time <= latest.time - YEAR_SECONDS) continue
    high = Math.max(high, bar.high)
    low = Math.min(low, bar.low)
  }
  return { high, low }
}

/** The range covering both. */
export const widen = (a: YearRange, b: YearRange): YearRange => ({
  high: Math.max(a.high, b.high),
  low: Math.min(a.low, b.low),
})
