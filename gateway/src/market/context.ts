import type { Market } from '@kabu/shared/market/types'
import type { Session, TradingCalendar } from './calendar'
import { factorEnd } from './day'
import { minuteGrid, type MinuteGrid } from './grid'
import { bridge } from './path'
import { randomStream } from './rng'

/**
 * What every instrument of one market shares: the seed, the calendar and, per day, the minute grid
 * and the market factor's intraday path. Calendar answers are cached because building a year of
 * history asks for the same days once per instrument.
 */
export interface MarketContext {
  seed: number
  market: Market
  calendar: TradingCalendar
  sessions(date: string): Session[]
  nextDay(date: string): string
  previousDays(date: string, count: number): string[]
  /** The market factor's end point for a day (a standard normal). */
  factorEnd(date: string): number
  grid(date: string): MinuteGrid
  /** The market factor at each minute boundary of the day, a bridge to the factor's end point. */
  factor(date: string): Float64Array
}

/** Memoises a function of a date; with a capacity, the oldest entry goes first. */
function memo<T>(compute: (date: string) => T, capacity = Infinity): (date: string) => T {
  const cache = new Map<string, T>()
  return (date) => {
    const hit = cache.get(date)
    if (hit !== undefined) return hit
    const value = compute(date)
    cache.set(date, value)
    if (cache.size > capacity) {
      const oldest = cache.keys().next()
      if (!oldest.done) cache.delete(oldest.value)
    }
    return value
  }
}

// Live days need grids and factor paths; a handful covers today, yesterday and a clock jump.
const LIVE_DAY_CACHE = 4

export function marketContext(seed: number, calendar: TradingCalendar): MarketContext {
  const { market } = calendar
  const grid = memo((date) => minuteGrid(calendar, date), LIVE_DAY_CACHE)
  const end = memo((date) => factorEnd(seed, market, date))
  const previousDays = new Map<string, string[]>()
  return {
    seed,
    market,
    calendar,
    sessions: memo((date) => calendar.sessions(date)),
    nextDay: memo((date) => calendar.nextDay(date)),
    previousDays(date, count) {
      const key = `${date}|${count}`
      let days = previousDays.get(key)
      if (!days) {
        days = calendar.previousDays(date, count)
        previousDays.set(key, days)
      }
      return days
    },
    factorEnd: end,
    grid,
    factor: memo((date) => {
      const { weights, elapsed } = grid(date)
      const random = randomStream(seed, 'factor-path', market, date)
      return bridge(random, weights, elapsed, end(date))
    }, LIVE_DAY_CACHE),
  }
}
