import { isTradingDay } from './calendar'
import { isNyseEarlyClose } from './holidays'
import { epochAtLocal, localDate } from './time-zone'
import type { Market } from './types'

/** One continuous-trading session, epoch ms, open inclusive, close exclusive. */
export interface Session {
  open: number
  close: number
}

/** `pre` before the first session of a trading day, `break` between sessions (lunch). */
export type MarketPhase = 'pre' | 'open' | 'break' | 'closed'

/** [open, close] as minutes after local midnight. */
type Window = readonly [open: number, close: number]
const hm = (h: number, m: number) => h * 60 + m

/** TSE extended the afternoon session to 15:30 on 2024-11-05 (closing auction 15:25–15:30). */
const TSE_LONGER_AFTERNOON_FROM = '2024-11-05'

function windowsOf(market: Market, date: string): readonly Window[] {
  switch (market) {
    case 'jp': {
      const close = date >= TSE_LONGER_AFTERNOON_FROM ? hm(15, 30) : hm(15, 0)
      return [
        [hm(9, 0), hm(11, 30)],
        [hm(12, 30), close],
      ]
    }
    case 'us':
      return [[hm(9, 30), isNyseEarlyClose(date) ? hm(13, 0) : hm(16, 0)]]
    case 'cn':
      // 14:57–15:00 is the closing call auction; it is part of the trading day for prices.
      return [
        [hm(9, 30), hm(11, 30)],
        [hm(13, 0), hm(15, 0)],
      ]
  }
}

/** Zone conversion costs a few Intl calls; quotes ask about the same few days all day long. */
const computed = new Map<string, readonly Session[]>()
const MAX_COMPUTED = 5_000

/**
 * The continuous sessions of a local trading day, in epoch ms ([] when the exchange is closed):
 * TSE 9:00–11:30 and 12:30–15:30, US 9:30–16:00 (13:00 on early-close days), China 9:30–11:30 and
 * 13:00–15:00, each in the exchange's own zone (so New York's DST moves the UTC times).
 *
 * @example
 * sessionsOf('us', '2026-01-06')
 * // [{ open: Date.UTC(2026, 0, 6, 14, 30), close: Date.UTC(2026, 0, 6, 21, 0) }]
 */
export function sessionsOf(market: Market, date: string): Session[] {
  const key = `${market}:${date}`
  let sessions = computed.get(key)
  if (!sessions) {
    sessions = computeSessions(market, date)
    if (computed.size >= MAX_COMPUTED) computed.clear()
    computed.set(key, sessions)
  }
  return sessions.map((s) => ({ ...s }))
}

function computeSessions(market: Market, date: string): Session[] {
  if (!isTradingDay(market, date)) return []
  return windowsOf(market, date).map(([open, close]) => ({
    open: epochAtLocal(market, date, open),
    close: epochAtLocal(market, date, close),
  }))
}

/**
 * Where the exchange's day stands at an instant: before the first session of a trading day (`pre`),
 * inside a session (`open`), between sessions (`break`, lunch), or otherwise `closed`.
 *
 * @example marketPhase('jp', Date.UTC(2026, 0, 6, 3, 0)) // 'break' (12:00 in Tokyo)
 */
export function marketPhase(market: Market, at: number): MarketPhase {
  const sessions = sessionsOf(market, localDate(market, at))
  const first = sessions[0]
  if (!first) return 'closed'
  if (at < first.open) return 'pre'
  if (sessions.some((s) => at >= s.open && at < s.close)) return 'open'
  const last = sessions[sessions.length - 1]
  return last && at < last.close ? 'break' : 'closed'
}

/** @example isOpen('cn', Date.UTC(2026, 9, 1, 2, 0)) // false (National Day) */
export function isOpen(market: Market, at: number): boolean {
  return marketPhase(market, at) === 'open'
}

// The simulator reads calendars and sessions together; one import path serves both.
export { TIME_ZONE, localDate, isTradingDay, previousTradingDays, nextTradingDay } from './calendar'
