import type { Listing, Quote } from '@kabu/shared/market/types'
import { priceToUnits } from '@kabu/shared/money/units'
import type { MarketService } from '../../market/index'

/** A code that can trade now: its listing, live quote and last price in units. */
export interface Tradable {
  listing: Listing
  quote: Quote
  lastUnits: bigint
}

/**
 * The market's order rules as stock trading enforces them (trading/order-rules.ts: a listed stock
 * in session with a price, whole lots, a limit on the tick grid inside the day's limits, China's
 * cage and the US LULD band). Handed in by the composition root, so intraday orders obey the very
 * same rules without this area importing another.
 */
export interface MarketRules {
  tradable(market: MarketService, code: string): Tradable
  checkLots(listing: Listing, num: number): void
  checkOrderPrice(t: Tradable, limit: bigint | null, side: 'buy' | 'sell'): void
}

/** A quote's price (on the tick grid) in integer units. */
export const unitsOf = (price: number): bigint => BigInt(Math.round(priceToUnits(price)))
