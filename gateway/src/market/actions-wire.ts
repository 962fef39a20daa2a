import type { WireAction } from '@kabu/shared/api/actions'
import { addDays, isoDateToUtc } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Clock } from '../clock'
import type { ListedAction } from './action-schedule'
import type { MarketService } from './service'

/** The longest span one request may ask for: each year is a draw of the seeded schedule. */
const MAX_SPAN_DAYS = 731

/** Where an action stands on `today` (the listing's local date). */
export function actionStatus(action: ListedAction, today: string): WireAction['status'] {
  if (!action.applied) return 'scheduled'
  return action.payDate !== null && action.payDate > today ? 'fixed' : 'done'
}

/**
 * `GET /api/market/actions`: a listing's actions from `from` (default today) to `to` (default a
 * year on); null when the range is longer than two years (the caller refuses it), [] for a code
 * the market does not list.
 */
export function wireActions(
  market: Pick<MarketService, 'listing' | 'actionSchedule'>,
  clock: Clock,
  query: { code: string; from?: string; to?: string },
): WireAction[] | null {
  const listing = market.listing(query.code)
  const today = localDate(listing?.market ?? 'jp', clock.now())
  const from = query.from ?? (query.to && query.to < today ? query.to : today)
  const to = query.to ?? addDays(from, 365)
  if ((isoDateToUtc(to) - isoDateToUtc(from)) / 86_400_000 > MAX_SPAN_DAYS) return null
  if (!listing) return []
  return market.actionSchedule(listing.code, from, to).map((a) => ({
    code: a.code,
    kind: a.kind,
    ex_date: a.exDate,
    record_date: a.recordDate,
    pay_date: a.payDate,
    ratio: a.ratio === null ? null : String(a.ratio),
    cash_per_share: a.cash === null ? null : String(a.cash),
    status: actionStatus(a, today),
  }))
}
