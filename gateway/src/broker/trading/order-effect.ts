import type { Kysely } from 'kysely'
import type { OrderEffect } from '@kabu/shared/api/orders'
import type { Database } from '../../store/index'
import type { OrderRow } from './orders.sql'

/**
 * Whether an order opened or closed a position, read from the position itself rather than from
 * ids or leverage: a short at leverage 1 is still a short, and an order written before orders and
 * holdings shared one id sequence still names its holding. A buy opens unless its holding is a
 * short (the cover); a sell closes unless its holding is a short (the sale that opened it). An
 * order with no holding yet (a resting buy, an IFD exit before its entry filled) is a plain buy
 * or sell of a holding.
 */
export function effectOf(
  o: Pick<OrderRow, 'side' | 'holding_id'>,
  shorts: ReadonlySet<bigint>,
): OrderEffect {
  const short = o.holding_id !== null && shorts.has(o.holding_id)
  return (o.side === 'buy') !== short ? 'open' : 'close'
}

/** Which of the holdings `orders` name are the user's shorts (one query for a page of orders). */
export async function shortsOf(
  db: Kysely<Database>,
  userId: bigint,
  orders: ReadonlyArray<Pick<OrderRow, 'holding_id'>>,
): Promise<Set<bigint>> {
  const ids = [...new Set(orders.flatMap((o) => (o.holding_id === null ? [] : [o.holding_id])))]
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('holdings')
    .select('id')
    .where('user_id', '=', userId)
    .where('side', '=', 'short')
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.map((r) => r.id))
}
