import { isExchangeHoliday } from './holidays'
import { addDays, isWeekend } from './iso-date'
import type { Market } from './types'

export { TIME_ZONE, localDate } from './time-zone'

/** Far enough back to cross any holiday run (China's Spring Festival: nine days) many times over. */
const MAX_SCAN_DAYS = 3_700

/**
 * Whether the exchange trades on a local date: not a weekend (China's make-up working weekends
 * included), not an exchange holiday.
 *
 * @example isTradingDay('jp', '2025-01-01') // false
 * @example isTradingDay('cn', '2026-02-14') // false (a make-up Saturday: offices work, SSE shuts)
 */
export function isTradingDay(market: Market, date: string): boolean {
  return !isWeekend(date) && !isExchangeHoliday(market, date)
}

/**
 * The `count` trading days before `fromDate` (not included), oldest first: the simulator's history.
 *
 * @example previousTradingDays('jp', '2026-01-05', 2) // ['2025-12-29', '2025-12-30']
 */
export function previousTradingDays(market: Market, fromDate: string, count: number): string[] {
  const days: string[] = []
  let date = fromDate
  for (let scanned = 0; days.length < count; scanned++) {
    if (scanned > MAX_SCAN_DAYS + count * 2) throw new RangeError('no trading days found')
    date = addDays(date, -1)
    if (isTradingDay(market, date)) days.push(date)
  }
  return days.reverse()
}

/**
 * The first trading day after `date` (not included).
 *
 * @example nextTradingDay('us', '2026-07-02') // '2026-07-06' (July 3 observes Independence Day)
 */
export function nextTradingDay(market: Market, date: string): string {
  let next = date
  for (let scanned = 0; scanned <= MAX_SCAN_DAYS; scanned++) {
    next = addDays(next, 1)
    if (isTradingDay(market, next)) return next
  }
  throw new RangeError('no trading day found')
}
