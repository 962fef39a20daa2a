import { addDays } from '@kabu/shared/market/iso-date'
import type { CorporateAction, Listing, Market } from '@kabu/shared/market/types'
import type { TradingCalendar } from './calendar'
import { scheduleFor } from './corporate-actions'

/** Calendar days from a dividend's record date to its payment, per market [U: MARKET-RULES §9]. */
export type PayLagDays = Record<Market, number>

export const DEFAULT_PAY_LAG_DAYS: PayLagDays = { jp: 75, us: 21, cn: 1 }

/**
 * One corporate action of a listing as the market publishes it. `cash` (price units of the
 * market's currency) is known once the ex-date is reached: the simulator fixes it as a yield of the
 * close before. `applied`: the simulator has gone ex on it.
 */
export interface ListedAction {
  code: string
  market: Market
  kind: 'split' | 'dividend'
  exDate: string
  recordDate: string
  payDate: string | null
  ratio: number | null
  cash: number | null
  applied: boolean
}

/** The first trading day on or after `date`. */
const onOrAfter = (calendar: TradingCalendar, date: string) => calendar.nextDay(addDays(date, -1))

/**
 * The record date of an ex-date (MARKET-RULES.md §9): Japan goes ex one business day before the
 * record date (T+2), the US on it (T+1), China the trading day after it.
 */
export function recordDateOf(calendar: TradingCalendar, exDate: string): string {
  switch (calendar.market) {
    case 'jp':
      return calendar.nextDay(exDate)
    case 'us':
      return exDate
    case 'cn':
      return calendar.previousDays(exDate, 1)[0] ?? exDate
  }
}

/**
 * A listing's actions with ex-dates in [from, to]: those the simulator has applied (their cash
 * fixed), then the ones its seeded schedule still holds ahead. Dividends are paid on the first
 * trading day `payLag` days after the record date.
 */
export function listedActions(
  deps: { seed: number; calendar: TradingCalendar; payLag: PayLagDays },
  listing: Listing,
  applied: readonly CorporateAction[],
  range: { from: string; to: string },
): ListedAction[] {
  const { calendar } = deps
  const dated = (
    kind: 'split' | 'dividend',
    exDate: string,
    ratio: number | null,
    cash: number | null,
    isApplied: boolean,
  ): ListedAction => {
    const recordDate = recordDateOf(calendar, exDate)
    const payDate =
      kind === 'dividend'
        ? onOrAfter(calendar, addDays(recordDate, deps.payLag[listing.market]))
        : null
    return {
      code: listing.code,
      market: listing.market,
      kind,
      exDate,
      recordDate,
      payDate,
      ratio,
      cash,
      applied: isApplied,
    }
  }
  const inRange = (date: string) => date >= range.from && date <= range.to
  const out = applied
    .filter((a) => inRange(a.date))
    .map((a) => dated(a.kind, a.date, a.ratio ?? null, a.cash ?? null, true))
  // Past the last day the simulator has gone ex on, the schedule still to come.
  const reached = applied.at(-1)?.date ?? ''
  const lastYear = Number(range.to.slice(0, 4))
  for (let year = Number(range.from.slice(0, 4)) - 1; year <= lastYear; year++) {
    for (const action of scheduleFor(deps.seed, listing, year)) {
      const exDate = onOrAfter(calendar, action.target)
      if (exDate <= reached || !inRange(exDate)) continue
      out.push(dated(action.kind, exDate, action.ratio ?? null, null, false))
    }
  }
  return out.sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0))
}
