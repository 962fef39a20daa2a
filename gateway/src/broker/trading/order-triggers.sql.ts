import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'
import type { OrderRow } from './orders.sql'
import { TRIGGER_ORDERS, WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

type Db = Kysely<Database>

// The stop orders' own reads and the trailing stops' best price, which only the trigger job
// (order-triggers.ts) uses; every order's writes and moves stay in orders.sql.ts.

/** The kinds of order that wait for a trigger. */
export const TRIGGER_KINDS = ['stop', 'stop_limit', 'trailing'] as const

/** What the trigger index holds of a stop order. */
export type TriggerRow = Pick<
  OrderRow,
  | 'id'
  | 'code'
  | 'side'
  | 'kind'
  | 'status'
  | 'trigger_price'
  | 'trail'
  | 'best_price'
  | 'holding_id'
  | 'updated_at'
>

const triggerColumns = [
  'id',
  'code',
  'side',
  'kind',
  'status',
  'trigger_price',
  'trail',
  'best_price',
  'holding_id',
  'updated_at',
] as const

/** Every stop order waiting to fire (the trigger index's start). */
export function waitingTriggers(db: Db): Promise<TriggerRow[]> {
  return db
    .selectFrom('orders')
    .select(triggerColumns)
    .where('status', '=', 'waiting')
    .where(WORKING_ORDERS)
    .where('kind', 'in', TRIGGER_KINDS)
    .execute()
}

/** Stop orders placed, amended or ended at or after `since` (migration 0030's index). */
export function triggersChangedSince(db: Db, since: bigint): Promise<TriggerRow[]> {
  return db
    .selectFrom('orders')
    .select(triggerColumns)
    .where(TRIGGER_ORDERS)
    .where('updated_at', '>=', since)
    .execute()
}

/** Trailing stops' new best price (their change time stays: a new best amends nothing). */
export async function keepBest(db: Db, ids: readonly bigint[], best: bigint): Promise<void> {
  await db
    .updateTable('orders')
    .set({ best_price: best })
    .where('id', 'in', [...ids])
    .where('status', '=', 'waiting')
    .execute()
}

/** An order by id, whoever's it is (the trigger job's read before it fires one). */
export function orderById(db: Db, id: bigint): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}
