import {
  exchangeDays,
  orderTerm,
  type OrderDays,
  type OrderTerm,
} from '@kabu/shared/market/validity'
import type { Market } from '@kabu/shared/market/types'
import { alwaysCalendar } from '../../market/calendar'
import { Refusal } from '../common/refusal'

/**
 * The business days an order's validity counts in the market as this gateway runs it: each
 * exchange's calendar (`MARKET_HOURS=real`), or the demo's every day, midnight to midnight
 * (`always`), so that a day order lapses when the simulated day the user traded in ends.
 */
export function orderDays(market: Market, hours: 'real' | 'always'): OrderDays {
  if (hours === 'real') return exchangeDays(market)
  const calendar = alwaysCalendar(market)
  return {
    dateOf: (at) => calendar.currentDay(at),
    sessions: (date) => calendar.sessions(date),
    nextDay: (date) => calendar.nextDay(date),
  }
}

/** The term of an order placed at `now`, or the validity's refusal (validity_invalid, _too_long). */
export function termOrRefuse(
  days: OrderDays,
  now: number,
  validity: string,
  maxDays: number,
): OrderTerm {
  const term = orderTerm(days, now, validity, maxDays)
  if (typeof term === 'string') throw new Refusal(term)
  return term
}
