import type { Insertable, Kysely, Selectable } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import type { BlockOffersTable, BlockOrdersTable } from '../../store/schema/block'

type Db = Kysely<Database>
export type OfferRow = Selectable<BlockOffersTable>
export type OrderRow = Selectable<BlockOrdersTable>
export type OrderWithOffer = OrderRow & { code: string; closes_at: bigint }

export const PENDING = 0n
export const APPROVED = 1n
export const REJECTED = 2n

/** Writes a simulated offer once: a second writer of the same `sim_key` changes nothing. */
export async function insertSimulatedOffer(
  db: Db,
  offer: Insertable<BlockOffersTable>,
): Promise<void> {
  await db
    .insertInto('block_offers')
    .values(offer)
    .onConflict((oc) => oc.column('sim_key').doNothing())
    .execute()
}

export async function insertOffer(db: Db, offer: Insertable<BlockOffersTable>): Promise<bigint> {
  const row = await db
    .insertInto('block_offers')
    .values(offer)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function offerById(db: Db, id: bigint): Promise<OfferRow | undefined> {
  return db.selectFrom('block_offers').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The offers of a market whose window has not closed at `now`, closing soonest first. */
export function offersOpenOrComing(db: Db, market: string, now: number): Promise<OfferRow[]> {
  return db
    .selectFrom('block_offers')
    .selectAll()
    .where('market', '=', market)
    .where('closes_at', '>', BigInt(now))
    .orderBy('opens_at')
    .orderBy('id')
    .execute()
}

/** Shares asked for per offer by requests still standing (pending or approved). */
export async function requestedOn(db: Db, offerIds: bigint[]): Promise<Map<bigint, bigint>> {
  if (offerIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('block_orders')
    .select(['offer_id', (eb) => eb.fn.sum<string | number | bigint>('num').as('shares')])
    .where('offer_id', 'in', offerIds)
    .where('status', 'in', [PENDING, APPROVED])
    .groupBy('offer_id')
    .execute()
  return new Map(rows.map((r) => [BigInt(r.offer_id), BigInt(r.shares ?? 0)]))
}

/** Shares one user asked for on an offer by requests still standing. */
export async function askedBy(db: Db, userId: bigint, offerId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('block_orders')
    .select((eb) => eb.fn.sum<string | number | bigint>('num').as('shares'))
    .where('offer_id', '=', offerId)
    .where('user_id', '=', userId)
    .where('status', 'in', [PENDING, APPROVED])
    .executeTakeFirst()
  return BigInt(row?.shares ?? 0)
}

export async function insertOrder(db: Db, order: Insertable<BlockOrdersTable>): Promise<bigint> {
  const row = await db
    .insertInto('block_orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const withOffer = (db: Db) =>
  db
    .selectFrom('block_orders')
    .innerJoin('block_offers', 'block_offers.id', 'block_orders.offer_id')
    .selectAll('block_orders')
    .select(['block_offers.code', 'block_offers.closes_at'])

export function orderById(db: Db, id: bigint): Promise<OrderWithOffer | undefined> {
  return withOffer(db).where('block_orders.id', '=', id).executeTakeFirst()
}

/** A user's own request; another user's id reads as missing. */
export function orderOf(db: Db, userId: bigint, id: bigint): Promise<OrderWithOffer | undefined> {
  return withOffer(db)
    .where('block_orders.id', '=', id)
    .where('block_orders.user_id', '=', userId)
    .executeTakeFirst()
}

/** A user's requests in one currency with the given statuses, newest first. */
export function ordersOf(
  db: Db,
  userId: bigint,
  currency: string,
  statuses: bigint[],
): Promise<OrderWithOffer[]> {
  return withOffer(db)
    .where('block_orders.user_id', '=', userId)
    .where('block_orders.currency', '=', currency)
    .where('block_orders.status', 'in', statuses)
    .orderBy('block_orders.id', 'desc')
    .execute()
}

/** The ops list's rows of one status with the owner's account, oldest first. */
export function ordersWithAccount(db: Db, status: bigint) {
  return withOffer(db)
    .innerJoin('users', 'users.id', 'block_orders.user_id')
    .select(['users.account', 'block_offers.lots', 'block_offers.lot'])
    .where('block_orders.status', '=', status)
    .orderBy('block_orders.id', 'asc')
    .execute()
}

/** Offers whose window has closed at `now` and whose lots are not allocated yet. */
export function closedUnallocated(db: Db, now: number): Promise<OfferRow[]> {
  return db
    .selectFrom('block_offers')
    .selectAll()
    .where('closes_at', '<=', BigInt(now))
    .where('allocated_at', 'is', null)
    .orderBy('id')
    .execute()
}

/** Claims an offer's allocation: true for the one caller that marks it, false if done already. */
export async function markAllocated(db: Db, offerId: bigint, now: number): Promise<boolean> {
  const result = await db
    .updateTable('block_offers')
    .set({ allocated_at: now })
    .where('id', '=', offerId)
    .where('allocated_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** The pending requests of an offer in the order they were made. */
export function pendingOn(db: Db, offerId: bigint): Promise<OrderRow[]> {
  return db
    .selectFrom('block_orders')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('status', '=', PENDING)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function setAllocated(db: Db, id: bigint, shares: bigint): Promise<void> {
  await db.updateTable('block_orders').set({ allocated: shares }).where('id', '=', id).execute()
}

/**
 * Moves a pending request to its decision; undefined when it is not pending any more, which is how
 * a second approval (or an approval after a reject) changes nothing.
 */
export function decidePending(
  db: Db,
  id: bigint,
  decision: {
    status: bigint
    operator: string
    reason: string | null
    now: number
    holdingId?: bigint
  },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('block_orders')
    .set({
      status: decision.status,
      decided_by: decision.operator,
      reason: decision.reason,
      decided_at: decision.now,
      holding_id: decision.holdingId ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', PENDING)
    .returningAll()
    .executeTakeFirst()
}

/**
 * The holding an approved request becomes, as trading writes a filled buy (trading.sql.ts): held
 * from `now` at the block price, so the sell lock and T+1 count from the approval as they count
 * from a fill. Block buys carry no fee.
 */
export async function insertHolding(
  db: Db,
  h: { userId: bigint; orderNo: string; code: string; market: string; currency: string },
  shares: bigint,
  price: bigint,
  now: number,
): Promise<bigint> {
  const row = await db
    .insertInto('holdings')
    .values({
      user_id: h.userId,
      order_no: h.orderNo,
      code: h.code,
      market: h.market,
      currency: h.currency,
      status: HOLDING.holding,
      stock_num: shares,
      limit_price: null,
      buy_price: price,
      buy_fee: 0n,
      frozen: 0n,
      buy_time: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Holds an offer's row until the caller commits, while its lots are not allocated yet: a request
 * then either commits before the allocation reads the requests or finds the offer allocated
 * (false) and is refused, never left out of an allocation that ran meanwhile.
 */
export async function holdUnallocated(db: Db, offerId: bigint): Promise<boolean> {
  const result = await db
    .updateTable('block_offers')
    .set((eb) => ({ lots: eb.ref('lots') }))
    .where('id', '=', offerId)
    .where('allocated_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
