import {
  isTradingDay,
  localDate,
  previousTradingDays,
  sessionsOf,
} from '@kabu/shared/market/sessions'
import type { Market } from '@kabu/shared/market/types'

/**
 * The latest close of `market` at or before `now`: today's once its last session has ended, else
 * the previous trading day's. The exchange's calendar decides even when the demo prices around the
 * clock, so there is one point a trading day.
 *
 * @example lastClose('jp', Date.UTC(2026, 0, 6, 7, 0)) // { date: '2026-01-06', at: 06:30 UTC }
 */
export function lastClose(market: Market, now: number): { date: string; at: number } {
  const today = localDate(market, now)
  if (isTradingDay(market, today)) {
    const last = sessionsOf(market, today).at(-1)
    if (last && last.close <= now) return { date: today, at: last.close }
  }
  const [date] = previousTradingDays(market, today, 1)
  const last = sessionsOf(market, date!).at(-1)
  if (!last) throw new Error(`no sessions on ${market}'s trading day ${date}`)
  return { date: date!, at: last.close }
}
