import type { Kysely } from 'kysely'
import type { BrokerCodes } from '../../market/index'
import type { Database } from '../../store/index'
import { HOLDING } from '@kabu/shared/api/trade'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

/**
 * The codes trading needs priced now, whoever's they are (issue 38: what the streaming feeds
 * carry after what phones watch): codes of working orders (waiting, open, partly filled), which
 * the matcher and the stops follow, and of held positions (a buy still pending is an order's
 * holding row too), which valuation and margin calls follow. Two small distinct reads.
 */
export async function wantedCodes(db: Kysely<Database>): Promise<BrokerCodes> {
  const [orders, holdings] = await Promise.all([
    db.selectFrom('orders').select('code').distinct().where(WORKING_ORDERS).execute(),
    db
      .selectFrom('holdings')
      .select('code')
      .distinct()
      .where('status', 'in', [
        BigInt(HOLDING.holding),
        BigInt(HOLDING.closing),
        BigInt(HOLDING.pending),
      ])
      .execute(),
  ])
  return { orders: orders.map((row) => row.code), holdings: holdings.map((row) => row.code) }
}
