import {
  CompiledQuery,
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
} from 'kysely'
import { canMove, type OrderStatus } from '@kabu/shared/api/orders'
import { onPostgres, type Database } from '../../store/index'
import type { OrderFillsTable, OrdersTable } from '../../store/schema/trading'
import { preparedInsert } from '../../store/prepared'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

type Db = Kysely<Database>
export type OrderRow = Selectable<OrdersTable>
export type NewOrderRow = Insertable<OrdersTable> & { id: bigint }
export type NewFill = Insertable<OrderFillsTable>

/** Still in the book: what the matcher fills, cancel and the lapse job end. */
export const WORKING: readonly OrderStatus[] = ['waiting', 'open', 'partial']

/**
 * PostgreSQL's next id of the holdings' sequence, as an SQL expression: orders draw from it so
 * that a buy order and the holding it makes share one id (migration 0029).
 */
export const NEXT_ID: RawBuilder<bigint> = sql`nextval(pg_get_serial_sequence('holdings', 'id'))`

/**
 * A new order's id, taken from the holdings' sequence: PostgreSQL's nextval, or on SQLite the
 * AUTOINCREMENT counter moved one on (SQLite never hands out a rowid at or under it again).
 */
const NEXT_SQLITE_ID = CompiledQuery.raw(
  "update sqlite_sequence set seq = seq + 1 where name = 'holdings' returning seq",
)

export async function reserveOrderId(db: Db): Promise<bigint> {
  if (onPostgres(db)) {
    const { rows } = await sql<{ id: bigint }>`select ${NEXT_ID} as id`.execute(db)
    return rows[0]!.id
  }
  const { rows } = await db.executeQuery<{ seq: bigint }>(NEXT_SQLITE_ID)
  if (rows[0]) return rows[0].seq
  // No holding was ever written: the counter starts here.
  await sql`insert into sqlite_sequence (name, seq)
    values ('holdings', coalesce((select max(id) from holdings), 0))`.execute(db)
  return reserveOrderId(db)
}

// Every order and fill: prepared once per set of columns (store/prepared.ts).
const orderInsert = preparedInsert('orders')
const fillInsert = preparedInsert('order_fills')

export async function insertOrderRow(db: Db, row: NewOrderRow): Promise<void> {
  await orderInsert(db, row)
}

export async function insertFill(db: Db, fill: NewFill): Promise<void> {
  await fillInsert(db, fill)
}

export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'filled_num'
    | 'filled_value'
    | 'frozen'
    | 'holding_id'
    | 'price'
    | 'num'
    | 'trigger_price'
    | 'nisa_reserved'
  > & { status: OrderStatus; refusal: string }
>

type Guarded = Pick<OrderRow, 'id' | 'status' | 'frozen' | 'num' | 'filled_num'>

/**
 * Changes an order only while it is still as it was read (status, frozen cash, quantity, what has
 * filled): the guard that gives a fill racing a cancel, a lapse, an amend or another fill one
 * winner. A move ORDER_MOVES does not allow is a bug, thrown before anything is written.
 */
async function guardedUpdate(
  db: Db,
  o: Guarded,
  set: OrderChange & { updated_at?: number },
): Promise<boolean> {
  if (set.status && !canMove(o.status, set.status)) {
    throw new Error(`order ${o.id}: no move from ${o.status} to ${set.status}`)
  }
  const result = await db
    .updateTable('orders')
    .set(set)
    .where('id', '=', o.id)
    .where('status', '=', o.status)
    .where('frozen', '=', o.frozen)
    .where('num', '=', o.num)
    .where('filled_num', '=', o.filled_num)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** Moves an order (guardedUpdate) and records when: prints from before `now` no longer fill it. */
export const moveOrder = (db: Db, o: Guarded, set: OrderChange, now: number) =>
  guardedUpdate(db, o, { ...set, updated_at: now })

/**
 * Records a fill on an order (guardedUpdate), keeping when it was placed or last amended: the
 * prints that may fill its rest, and its place in the queue, stay as they were.
 */
export const fillOrder = (db: Db, o: Guarded, set: OrderChange) => guardedUpdate(db, o, set)

/** A user's own order; another user's id reads as missing. */
export function orderOf(db: Db, userId: bigint, id: bigint): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The working sell order resting on a user's holding (how a seed client names it to cancel). */
export function workingSellOn(
  db: Db,
  userId: bigint,
  holdingId: bigint,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('holding_id', '=', holdingId)
    .where('user_id', '=', userId)
    .where('side', '=', 'sell')
    .where('status', 'in', WORKING)
    .executeTakeFirst()
}

/** Orders resting at a limit in the book: open, or partly filled (a waiting stop has not fired). */
export const RESTING: readonly OrderStatus[] = ['open', 'partial']

/** Resting orders on any of `codes`, oldest first (the matcher's). */
export function restingOn(db: Db, codes: readonly string[]): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('code', 'in', [...codes])
    .where('status', 'in', RESTING)
    .where(WORKING_ORDERS)
    .orderBy('id')
    .execute()
}

/** An order whose trading ends its group's others: an OCO's leg, an IFD's exit (not its entry). */
export const isLeg = (o: Pick<OrderRow, 'group_kind' | 'parent_id'>): boolean =>
  o.group_kind === 'oco' || o.parent_id !== null

/**
 * The working orders that go with `o` when it ends or its OCO leg trades: an OCO's other leg, an
 * IFDOCO exit's other exit, an IFD entry's exits (never an exit's entry).
 */
export function linkedOf(
  db: Db,
  o: Pick<OrderRow, 'id' | 'group_kind' | 'group_id' | 'parent_id'>,
): Promise<OrderRow[]> {
  if (o.group_kind === null || o.group_id === null) return Promise.resolve([])
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('group_id', '=', o.group_id)
    .where('id', '!=', o.id)
    .where(WORKING_ORDERS)
  if (o.group_kind !== 'oco') query = query.where('parent_id', 'is not', null)
  return query.orderBy('id').execute()
}

/** Working orders whose validity ended at or before `now` (the lapse job's). */
export function lapsedBy(db: Db, now: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(WORKING_ORDERS)
    .where('expires_at', '<=', BigInt(now))
    .orderBy('id')
    .execute()
}

/** Dated orders filled in part, each with when its first fill was (the orders job's). */
export async function partlyFilledDated(
  db: Db,
): Promise<Array<{ order: OrderRow; firstFill: number }>> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'partial')
    .where(WORKING_ORDERS)
    .where('validity', '!=', 'day')
    .orderBy('id')
    .execute()
  if (orders.length === 0) return []
  const firsts = await db
    .selectFrom('order_fills')
    .select(['order_id', (eb) => eb.fn.min<bigint>('at').as('first')])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .groupBy('order_id')
    .execute()
  const firstOf = new Map(firsts.map((f) => [f.order_id, Number(f.first)]))
  return orders.map((order) => ({
    order,
    firstFill: firstOf.get(order.id) ?? Number(order.updated_at),
  }))
}

/** A user's orders of one market in `statuses`, newest first; `limit` from `offset`. */
export function userOrders(
  db: Db,
  userId: bigint,
  market: string,
  statuses: readonly OrderStatus[],
  page?: { limit: number; offset: number },
): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
  if (page) query = query.limit(page.limit).offset(page.offset)
  return query.execute()
}

export function fillsOf(db: Db, orderId: bigint) {
  return db
    .selectFrom('order_fills')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
}
