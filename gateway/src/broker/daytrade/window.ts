import { DAYTRADE_CUTOFF } from '@kabu/shared/api/daytrade'
import { addDays } from '@kabu/shared/market/iso-date'
import { isTradingDay, localDate, nextTradingDay, sessionsOf } from '@kabu/shared/market/sessions'
import { epochAtLocal } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'

/** The trading day a participation approved at some instant trades in: orders from `opensAt`, the forced flat at `closesAt`. */
export interface TradingWindow {
  opensAt: number
  closesAt: number
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h! * 60 + m!
}

/**
 * The day a participation approved at `at` trades in. `real`: the exchange's trading day that has
 * not closed yet (today's, if its last session is still to end, else the next trading day's), from
 * its first session's open to its last session's close. `always` (prices around the clock): from
 * now to the next daily cut-off, DAYTRADE_CUTOFF in the market's own time.
 *
 * @example tradingWindow('jp', 'real', Date.UTC(2026, 0, 6, 3, 0)) // 12:00 Tokyo: 9:00 to 15:30 of that day
 */
export function tradingWindow(market: Market, hours: 'real' | 'always', at: number): TradingWindow {
  const today = localDate(market, at)
  if (hours === 'always') {
    const cut = minutesOf(DAYTRADE_CUTOFF[market])
    const todayCut = epochAtLocal(market, today, cut)
    if (at < todayCut)
      return { opensAt: epochAtLocal(market, addDays(today, -1), cut), closesAt: todayCut }
    return { opensAt: todayCut, closesAt: epochAtLocal(market, addDays(today, 1), cut) }
  }
  if (isTradingDay(market, today)) {
    const sessions = sessionsOf(market, today)
    const last = sessions[sessions.length - 1]
    if (sessions[0] && last && at < last.close)
      return { opensAt: sessions[0].open, closesAt: last.close }
  }
  const next = sessionsOf(market, nextTradingDay(market, today))
  const first = next[0]
  const last = next[next.length - 1]
  if (!first || !last) throw new Error(`no sessions on ${market}'s next trading day after ${today}`)
  return { opensAt: first.open, closesAt: last.close }
}
