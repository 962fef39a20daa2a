import {
  isOpen,
  isTradingDay,
  localDate,
  nextTradingDay,
  previousTradingDays,
  sessionsOf,
} from '@kabu/shared/market/sessions'
import type { Market } from '@kabu/shared/market/types'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal } from '@kabu/shared/market/time-zone'

export interface Session {
  open: number
  close: number
}

/**
 * The days and sessions the simulator trades on. `real` follows each exchange's calendar (shared
 * market rules); `always` trades every calendar day around the clock, the day rolling at local
 * midnight, so a demo shows moving prices at any hour.
 */
export interface TradingCalendar {
  market: Market
  /** The trading day `at` belongs to: the latest day whose first session has started. */
  currentDay(at: number): string
  /** Continuous sessions of a trading day, epoch ms, in order. */
  sessions(date: string): Session[]
  /** `count` trading days before `date`, oldest first. */
  previousDays(date: string, count: number): string[]
  nextDay(date: string): string
  isOpen(at: number): boolean
}

export function realCalendar(market: Market): TradingCalendar {
  return {
    market,
    currentDay(at) {
      const date = localDate(market, at)
      const first = sessionsOf(market, date)[0]
      if (isTradingDay(market, date) && first && first.open <= at) return date
      const [previous] = previousTradingDays(market, date, 1)
      if (!previous) throw new Error(`no trading day before ${date} in ${market}`)
      return previous
    },
    sessions: (date) => sessionsOf(market, date),
    previousDays: (date, count) => previousTradingDays(market, date, count),
    nextDay: (date) => nextTradingDay(market, date),
    isOpen: (at) => isOpen(market, at),
  }
}

export function alwaysCalendar(market: Market): TradingCalendar {
  return {
    market,
    currentDay: (at) => localDate(market, at),
    // One session from local midnight to the next: 23 or 25 hours on daylight-saving days.
    sessions: (date) => [
      { open: epochAtLocal(market, date, 0), close: epochAtLocal(market, addDays(date, 1), 0) },
    ],
    previousDays: (date, count) =>
      Array.from({ length: count }, (_, i) => addDays(date, i - count)),
    nextDay: (date) => addDays(date, 1),
    isOpen: () => true,
  }
}
