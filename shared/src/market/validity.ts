import { addDays } from './iso-date'
import { localDate, nextTradingDay, sessionsOf, type Session } from './sessions'
import { epochAtLocal } from './time-zone'
import type { Market } from './types'

/**
 * How long an order stays in the book (MARKET-RULES.md §8): `day` (当日) lapses at the close of the
 * trading day it is for; a date (期間指定) runs to that day's close, at most a number of business
 * days counting that first day (ORDER_GTD_DAYS; SBI's 15). The client's validity picker offers the
 * same days the gateway accepts.
 */
export type Validity = 'day' | string

/** The trading days an order's validity counts in: the exchange's, or the demo's every-day market. */
export interface OrderDays {
  /** The local date at an instant. */
  dateOf(at: number): string
  /** The continuous sessions of a local date; none when the market does not trade. */
  sessions(date: string): readonly Session[]
  /** The first trading day after a date. */
  nextDay(date: string): string
}

export function exchangeDays(market: Market): OrderDays {
  return {
    dateOf: (at) => localDate(market, at),
    sessions: (date) => sessionsOf(market, date),
    nextDay: (date) => nextTradingDay(market, date),
  }
}

/** The demo's market (MARKET_HOURS=always): every local day, one session midnight to midnight. */
export function everyDay(market: Market): OrderDays {
  return {
    dateOf: (at) => localDate(market, at),
    sessions: (date) => [
      { open: epochAtLocal(market, date, 0), close: epochAtLocal(market, addDays(date, 1), 0) },
    ],
    nextDay: (date) => addDays(date, 1),
  }
}

/** Days whose sessions a calendar keeps once worked out (a few months of dates). */
const DATES_KEPT = 400

/**
 * `days` remembering each date's sessions: every order asks for its day's close, and working it
 * out anew (the time zone's offset through Intl) was a visible share of an order's CPU.
 */
function remembering(days: OrderDays): OrderDays {
  const kept = new Map<string, readonly Session[]>()
  const sessions = (date: string) => {
    let found = kept.get(date)
    if (!found) {
      if (kept.size >= DATES_KEPT) kept.clear()
      found = days.sessions(date)
      kept.set(date, found)
    }
    return found
  }
  return { ...days, sessions }
}

const MARKETS = ['jp', 'us', 'cn'] as const satisfies readonly Market[]
const CALENDARS = {
  real: Object.fromEntries(MARKETS.map((m) => [m, remembering(exchangeDays(m))])),
  always: Object.fromEntries(MARKETS.map((m) => [m, remembering(everyDay(m))])),
} as Record<'real' | 'always', Record<Market, OrderDays>>

/**
 * The business days an order's validity counts in the market as the gateway runs it: the
 * exchange's calendar (`real`), or the demo's every day (`always`), so that a day order lapses
 * when the simulated day the user traded in ends.
 */
export const marketDays = (market: Market, hours: 'real' | 'always'): OrderDays =>
  CALENDARS[hours][market]

const closeOf = (days: OrderDays, date: string) => days.sessions(date).at(-1)?.close

/**
 * The trading day an order placed at `now` is for: today's until its last session closes, then
 * the next trading day (an order placed in the evening or at a weekend waits for the next open).
 */
export function orderDay(days: OrderDays, now: number): string {
  let date = days.dateOf(now)
  for (let close = closeOf(days, date); close === undefined || now >= close;) {
    date = days.nextDay(date)
    close = closeOf(days, date)
  }
  return date
}

/** The days a validity may name for an order placed at `now`: the order's day first. */
export function validityDays(days: OrderDays, now: number, maxDays: number): string[] {
  const offered = [orderDay(days, now)]
  while (offered.length < maxDays) offered.push(days.nextDay(offered.at(-1) as string))
  return offered
}

export interface OrderTerm {
  /** The trading day the order is for, and the last one it stays in the book. */
  firstDay: string
  lastDay: string
  /** When it lapses: the last day's close (epoch ms). */
  expiresAt: number
}

export type ValidityRefusal = 'validity_invalid' | 'validity_too_long'

/**
 * The term of an order placed at `now` with `validity`: refused with `validity_invalid` for a date
 * before the order's day or one the market does not trade, `validity_too_long` past `maxDays`.
 */
export function orderTerm(
  days: OrderDays,
  now: number,
  validity: Validity,
  maxDays: number,
): OrderTerm | ValidityRefusal {
  // A day order (most orders) needs only its own day, not the days a date could name.
  if (validity === 'day') {
    const day = orderDay(days, now)
    return { firstDay: day, lastDay: day, expiresAt: closeOf(days, day) as number }
  }
  const offered = validityDays(days, now, maxDays)
  const firstDay = offered[0] as string
  const lastDay = validity
  if (!offered.includes(lastDay)) {
    const tradingDay = /^\d{4}-\d{2}-\d{2}$/.test(lastDay) && closeOf(days, lastDay) !== undefined
    return tradingDay && lastDay > firstDay ? 'validity_too_long' : 'validity_invalid'
  }
  return { firstDay, lastDay, expiresAt: closeOf(days, lastDay) as number }
}
