import { isOnTick, tickUnitsAt } from '@kabu/shared/market/ticks'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Listing, Quote } from '@kabu/shared/market/types'
import { parseUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'
import type { MarketService } from '../../market/index'
import { Refusal } from '../common/refusal'

/**
 * Why a holding bought at `boughtAt` cannot be sold at `now`, or undefined: the spec's sell lock
 * (SELL_LOCK_MINUTES after the buy), and China's T+1 (not on the exchange date of the buy).
 */
export function sellLock(
  h: { buy_time: bigint | null; market: string },
  lockMinutes: number,
  now: number,
): 'sell_after_15_minutes' | 'cannot_sell_t1' | undefined {
  const boughtAt = Number(h.buy_time)
  if (now - boughtAt < lockMinutes * 60_000) return 'sell_after_15_minutes'
  if (h.market === 'cn' && localDate('cn', boughtAt) === localDate('cn', now)) {
    return 'cannot_sell_t1'
  }
  return undefined
}

/** The quote an order may trade on: listed, priced, and its market in session. */
export interface Tradable {
  listing: Listing
  quote: Quote
  /** The live price in 1/10,000 units. */
  lastUnits: bigint
}

/** Quote price (a number already on the tick grid) to integer units. */
export const unitsOf = (price: number): bigint => BigInt(Math.round(priceToUnits(price)))

/** An order's limit price (text) in units; undefined is a market order (null). */
export const limitUnits = (text: string | undefined): bigint | null => {
  if (text === undefined) return null
  const units = parseUnits(text)
  if (units === null || units <= 0n) throw new Refusal('invalid_input')
  return units
}

/**
 * The instrument behind `code`, refusing what cannot be traded now: an unknown code or an index
 * (not_listed), no usable price (price_unavailable), a closed market (outside_trading_time).
 */
export function tradable(
  market: Pick<MarketService, 'listing' | 'snapshot'>,
  code: string,
): Tradable {
  const listing = market.listing(code)
  if (!listing || listing.kind !== 'stock') throw new Refusal('not_listed')
  const quote = market.snapshot(listing.code)
  if (!quote || !(quote.price > 0)) throw new Refusal('price_unavailable')
  if (!quote.trading) throw new Refusal('outside_trading_time')
  return { listing, quote, lastUnits: unitsOf(quote.price) }
}

/**
 * A market order needs a trade to fill against: while a TSE special quote (特別気配) shows, nothing
 * prints, so it is refused as price_unavailable. Limit orders are taken and rest (see `rests`).
 */
export function checkMarketOrder({ quote }: Tradable): void {
  if (quote.special) throw new Refusal('price_unavailable')
}

/** A whole, positive number of lots (API.md: `num` is a multiple of the lot). */
export function checkLots(listing: Listing, num: number): void {
  if (!Number.isSafeInteger(num) || num <= 0 || listing.lot <= 0 || num % listing.lot !== 0) {
    throw new Refusal('lot_size')
  }
}

/**
 * A limit price in units, checked against the market's tick grid (off the grid: invalid_input) and
 * today's daily price limits (over_price_limit; the US has none).
 */
export function checkLimitPrice({ listing, quote }: Tradable, units: bigint): void {
  if (units <= 0n) throw new Refusal('invalid_input')
  if (!isOnTick(listing, Number(units) / 10_000)) throw new Refusal('invalid_input')
  const up = quote.limitUp === null ? null : unitsOf(quote.limitUp)
  const down = quote.limitDown === null ? null : unitsOf(quote.limitDown)
  if ((up !== null && units > up) || (down !== null && units < down)) {
    throw new Refusal('over_price_limit')
  }
}

/**
 * China's price cage (MARKET-RULES.md): a continuous-auction buy limit may not exceed the larger of
 * 102 % of the last price and the last price + 10 ticks, a sell limit may not go below the smaller
 * of 98 % and − 10 ticks (the STAR board: the 2 % bound only). Refused as over_price_limit.
 */
export function checkPriceCage(
  { listing, lastUnits }: Tradable,
  units: bigint,
  side: 'buy' | 'sell',
) {
  if (listing.market !== 'cn') return
  const tenTicks = 10n * BigInt(tickUnitsAt(listing, Number(lastUnits)))
  const star = listing.board === 'star'
  if (side === 'buy') {
    const pct = (lastUnits * 102n) / 100n
    const cage = star ? pct : pct > lastUnits + tenTicks ? pct : lastUnits + tenTicks
    if (units > cage) throw new Refusal('over_price_limit')
  } else {
    const pct = (lastUnits * 98n + 99n) / 100n
    const cage = star ? pct : pct < lastUnits - tenTicks ? pct : lastUnits - tenTicks
    if (units < cage) throw new Refusal('over_price_limit')
  }
}

/** LULD percentage band (Tier 1) at a reference price in units: 5 % above $3, 20 % from $0.75. */
function luldBand(referenceUnits: bigint): bigint {
  if (referenceUnits > 30_000n) return (referenceUnits * 5n) / 100n
  if (referenceUnits >= 7_500n) return (referenceUnits * 20n) / 100n
  const pct = (referenceUnits * 75n) / 100n
  return pct < 1_500n ? pct : 1_500n
}

/**
 * The US Limit Up-Limit Down bands (MARKET-RULES.md), approximated around the last price instead of
 * the 5-minute average and without the open/close doubling: a buy limit above the upper band or a
 * sell limit below the lower one could not execute there, so it is refused as over_price_limit.
 */
export function checkLuld({ listing, lastUnits }: Tradable, units: bigint, side: 'buy' | 'sell') {
  if (listing.market !== 'us') return
  const band = luldBand(lastUnits)
  if (side === 'buy' ? units > lastUnits + band : units < lastUnits - band) {
    throw new Refusal('over_price_limit')
  }
}

/**
 * The highest price a buy at the market could fill at today: the day's upper price limit, or where
 * no limits are published (the US) the LULD band above `from`. A stop buy waiting to fire freezes
 * cash at it, as Japanese brokers reserve a market buy at the upper limit.
 */
export function marketCeiling({ quote }: Tradable, from: bigint): bigint {
  return quote.limitUp === null ? from + luldBand(from) : unitsOf(quote.limitUp)
}

/**
 * An order's price against every rule of its side: a market order needs a price to fill at; a limit
 * must sit on the tick grid inside the day's limits, China's price cage and the US LULD band.
 */
export function checkOrderPrice(t: Tradable, limit: bigint | null, side: 'buy' | 'sell'): void {
  if (limit === null) return checkMarketOrder(t)
  checkLimitPrice(t, limit)
  checkPriceCage(t, limit, side)
  checkLuld(t, limit, side)
}
