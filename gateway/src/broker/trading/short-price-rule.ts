import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Listing, Quote } from '@kabu/shared/market/types'
import { mulRate } from '@kabu/shared/money/decimal'
import type { MarketService } from '../../market/index'
import { Refusal } from '../common/refusal'
import { unitsOf } from './order-rules'

/** SHORT_PRICE_RULE_FALL and SHORT_PRICE_RULE_EXEMPT_UNITS. */
export interface ShortPriceRule {
  /** The fall from the base price that triggers the rule, a fraction as text ('0.1'). */
  fall: string
  /** Orders of at most this many trading units are exempt. */
  exemptUnits: number
}

const DAY_S = 86_400
// Enough calendar days back to hold the two trading days before today across any holiday run.
const LOOK_BACK_DAYS = 21

/** Whether a day's `low` fell `fall` or more below its base price (both in units). */
export function fellFrom(base: bigint, low: bigint, fall: string): boolean {
  // base − low is whole units, so comparing it with base × fall rounded up is exact.
  return base > 0n && base - low >= mulRate(base, fall, 'up')
}

/**
 * Whether the rule was triggered on the trading day before the quote's: that day's low against
 * the close of the day before it, from the daily bars adjusted forward, so a split or dividend
 * that went ex on that day moves the base price as the exchange's does (the quote's prevClose).
 */
function triggeredTheDayBefore(market: Pick<MarketService, 'bars'>, quote: Quote, fall: string) {
  const today = localDate(quote.market, quote.time)
  const from = Math.floor(quote.time / 1000) - LOOK_BACK_DAYS * DAY_S
  const past = market
    .bars(quote.code, '1d', from, undefined, 'forward')
    .filter((bar) => utcToIsoDate(bar.time * 1000) < today)
  const [before, day] = past.slice(-2)
  if (!before || !day) return false
  return fellFrom(unitsOf(before.close), unitsOf(day.low), fall)
}

/**
 * 空売り価格規制 (Cabinet Office Order on Restrictions on Short Selling, since 2013-11-05): once a
 * Japanese stock has fallen `fall` or more from its base price (the previous close), a short sale
 * at or below the last price is prohibited for the rest of that day and the next trading day;
 * orders of `exemptUnits` trading units or fewer are exempt. Ours sell at the last price, so once
 * triggered a short of more units is refused (`short_price_restricted`). Triggered today: the
 * day's low against the quote's prevClose; the day before: its daily bar against the close before.
 */
export function checkShortPriceRule(
  market: Pick<MarketService, 'bars'>,
  t: { listing: Listing; quote: Quote },
  num: number,
  rule: ShortPriceRule,
): void {
  if (t.listing.market !== 'jp' || t.listing.lot <= 0) return
  if (num / t.listing.lot <= rule.exemptUnits) return
  const { quote } = t
  const today = fellFrom(unitsOf(quote.prevClose), unitsOf(quote.low), rule.fall)
  if (today || triggeredTheDayBefore(market, quote, rule.fall)) {
    throw new Refusal('short_price_restricted')
  }
}
