import type { Kysely } from 'kysely'
import type { Market } from '@kabu/shared/market/types'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { unitsOf } from './order-rules'
import { marketDays } from '@kabu/shared/market/validity'
import type { OrderRow } from './orders.sql'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

/** Markets whose daily price limits a carried order may fall outside (the US has none). */
const LIMITED: readonly Market[] = ['jp', 'cn']

/**
 * A dated order carried into a new trading day whose price limits its limit lies outside can
 * never fill that day: it lapses at carry-over (MARKET-RULES.md §8, t-stockhouse Q3). Limits move
 * only with the trading day and every placement and amendment is checked against the day's, so
 * such an order is always one carried over. The markets are looked at once per trading day, on the
 * first pass of that day (the first pass of the process counts as one), not on every pass.
 */
export function carryOverCheck(deps: {
  db: Kysely<Database>
  market: Pick<MarketService, 'snapshot'>
  marketHours: 'real' | 'always'
}) {
  const seen = new Map<Market, string>()

  /** The working limit orders outside their code's limits, of the markets whose day turned. */
  return async function outsideLimits(now: number): Promise<OrderRow[]> {
    const turned = LIMITED.filter((market) => {
      const day = marketDays(market, deps.marketHours).dateOf(now)
      const changed = seen.get(market) !== day
      seen.set(market, day)
      return changed
    })
    if (turned.length === 0) return []
    const working = await deps.db
      .selectFrom('orders')
      .selectAll()
      .where('market', 'in', turned)
      .where(WORKING_ORDERS)
      .where('price', 'is not', null)
      .orderBy('id')
      .execute()
    return working.filter((o) => {
      const quote = deps.market.snapshot(o.code)
      if (!quote || o.price === null) return false
      const up = quote.limitUp === null ? null : unitsOf(quote.limitUp)
      const down = quote.limitDown === null ? null : unitsOf(quote.limitDown)
      return (up !== null && o.price > up) || (down !== null && o.price < down)
    })
  }
}
