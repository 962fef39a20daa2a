import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database } from '../../store/index'
import type { IpoApplicationsTable, IpoOffersTable } from '../../store/schema/ipo'

/** The IPO area's queries; every read of a user's rows is scoped by their id. */

type Db = Kysely<Database>
export type OfferRow = Selectable<IpoOffersTable>
export type ApplicationRow = Selectable<IpoApplicationsTable>
export type NewOffer = Insertable<IpoOffersTable>

export const AWAITING = 1n
export const PENDING = 2n
export const LOST = 3n
export const PAID = 4n
export const FAILED = 5n
export const WAIVED = 6n
/** Won and left unpaid past the payment deadline (the deadline job's, never the user's). */
export const LAPSED = 7n

/** Adds an offer; a simulated one whose `source_key` is already there is left as it was. */
export async function insertOffer(db: Db, offer: NewOffer): Promise<bigint | undefined> {
  const row = await db
    .insertInto('ipo_offers')
    .values(offer)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** Offers not written yet, in one statement per 100 (those written already are left as they are). */
export async function insertOffers(db: Db, offers: NewOffer[]): Promise<void> {
  for (let at = 0; at < offers.length; at += 100) {
    await db
      .insertInto('ipo_offers')
      .values(offers.slice(at, at + 100))
      .onConflict((oc) => oc.column('source_key').doNothing())
      .execute()
  }
}

export function offerById(db: Db, id: bigint) {
  return db.selectFrom('ipo_offers').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The offer as an application inside its transaction sees it. On PostgreSQL the row is held FOR
 * SHARE: applications do not wait for each other, but a withdrawal or a draw (which update the
 * row) waits for the applications in flight, and one that starts after them reads the withdrawn
 * or drawn offer, so no application slips in beside a withdrawal or a draw.
 */
export function offerForApplying(db: Db, id: bigint, postgres: boolean) {
  const query = db.selectFrom('ipo_offers').selectAll().where('id', '=', id)
  return (postgres ? query.forShare() : query).executeTakeFirst()
}

export type Phase = 'pre' | 'subscribing' | 'ended'

/** Offers of one market in a phase at `now`: open ones by deadline, the others newest first. */
export function offersInPhase(db: Db, market: string, phase: Phase, now: number) {
  let query = db.selectFrom('ipo_offers').selectAll().where('market', '=', market)
  if (phase === 'pre')
    query = query.where('subscribe_start', '>', BigInt(now)).orderBy('subscribe_start')
  if (phase === 'subscribing') {
    query = query
      .where('subscribe_start', '<=', BigInt(now))
      .where('subscribe_end', '>', BigInt(now))
      .orderBy('subscribe_end')
  }
  if (phase === 'ended') {
    query = query.where('subscribe_end', '<=', BigInt(now)).orderBy('subscribe_end', 'desc')
  }
  return query.orderBy('id').limit(100).execute()
}

export function applicationOf(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('ipo_applications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function applicationFor(db: Db, userId: bigint, offerId: bigint) {
  return db
    .selectFrom('ipo_applications')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function insertApplication(
  db: Db,
  row: Insertable<IpoApplicationsTable>,
): Promise<bigint> {
  const inserted = await db
    .insertInto('ipo_applications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** A user's applications with their offers, newest first. */
export function userApplications(db: Db, userId: bigint, market: string) {
  return db
    .selectFrom('ipo_applications as a')
    .innerJoin('ipo_offers as o', 'o.id', 'a.offer_id')
    .selectAll('a')
    .select([
      'o.code',
      'o.name_ja',
      'o.name_zh',
      'o.name_en',
      'o.price',
      'o.lot',
      'o.currency',
      'o.pay_deadline',
      'o.listing_at',
      'o.withdrawn_reason',
    ])
    .where('a.user_id', '=', userId)
    .where('o.market', '=', market)
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute()
}

/** Every application of an offer, in id order (the draw's entries). */
export function applicationsOfOffer(db: Db, offerId: bigint) {
  return db
    .selectFrom('ipo_applications')
    .selectAll()
    .where('offer_id', '=', offerId)
    .orderBy('id')
    .execute()
}

/** Moves one application from `from` to a new status; false when it was no longer in `from`. */
export async function settle(
  db: Db,
  id: bigint,
  from: bigint,
  set: { status: bigint; won_lots?: bigint; drawn_at?: number; settled_at?: number },
): Promise<boolean> {
  const moved = await db
    .updateTable('ipo_applications')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  return moved.numUpdatedRows > 0n
}

/** Offers whose lottery time has come and that are not drawn yet. */
export function dueDraws(db: Db, now: number) {
  return db
    .selectFrom('ipo_offers')
    .select('id')
    .where('drawn_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('lottery_at', '<=', BigInt(now))
    .orderBy('lottery_at')
    .execute()
}

/** Applications won and not paid whose payment deadline has passed. */
export function overdue(db: Db, now: number) {
  return db
    .selectFrom('ipo_applications as a')
    .innerJoin('ipo_offers as o', 'o.id', 'a.offer_id')
    .select(['a.id', 'a.user_id', 'a.offer_id', 'a.won_lots', 'o.code', 'o.lot'])
    .where('a.status', '=', PENDING)
    .where('o.pay_deadline', '<', BigInt(now))
    .limit(1000)
    .execute()
}

export type Overdue = Awaited<ReturnType<typeof overdue>>[number]

/** Offers whose listing day has come: what the market needs to quote them. */
export function listedOffers(db: Db, now: number) {
  return db
    .selectFrom('ipo_offers')
    .select([
      'id',
      'code',
      'market',
      'name_ja',
      'name_zh',
      'name_en',
      'price',
      'lot',
      'lots_offered',
      'listing_at',
    ])
    .where('listing_at', '<=', BigInt(now))
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .execute()
}

/**
 * Marks an offer withdrawn (上場中止), once and before its listing day: undefined when it was
 * withdrawn already or its listing day has come (the caller tells which).
 */
export function claimWithdrawal(
  db: Db,
  offerId: bigint,
  change: { now: number; reason: string; operator: string },
) {
  return db
    .updateTable('ipo_offers')
    .set({
      withdrawn_at: change.now,
      withdrawn_reason: change.reason,
      withdrawn_by: change.operator,
    })
    .where('id', '=', offerId)
    .where('withdrawn_at', 'is', null)
    .where('listing_at', '>', BigInt(change.now))
    .returningAll()
    .executeTakeFirst()
}

/**
 * Every application of an offer still in status `from` becomes failed (5), in one statement;
 * answers the rows it moved. One statement per former status, so what each row held is known
 * exactly even when a payment races the withdrawal (a row paid meanwhile moves with the paid).
 */
export function failApplications(db: Db, offerId: bigint, from: bigint, now: number) {
  return db
    .updateTable('ipo_applications')
    .set({ status: FAILED, settled_at: now })
    .where('offer_id', '=', offerId)
    .where('status', '=', from)
    .returning(['id', 'user_id', 'amount', 'won_lots'])
    .execute()
}

/** Paid applications whose listing day has come and that are not a holding yet. */
export function dueListings(db: Db, now: number) {
  return db
    .selectFrom('ipo_applications as a')
    .innerJoin('ipo_offers as o', 'o.id', 'a.offer_id')
    .select([
      'a.id',
      'a.user_id',
      'a.order_no',
      'a.won_lots',
      'o.code',
      'o.market',
      'o.currency',
      'o.price',
      'o.lot',
      'o.listing_at',
    ])
    .where('a.status', '=', PAID)
    .where('a.holding_id', 'is', null)
    .where('o.listing_at', '<=', BigInt(now))
    .limit(1000)
    .execute()
}

export type DueListing = Awaited<ReturnType<typeof dueListings>>[number]

/** The paid lots of a listing as a holding at the offer price (status 0, bought at listing). */
export async function insertListedHolding(db: Db, row: DueListing): Promise<bigint> {
  const inserted = await db
    .insertInto('holdings')
    .values({
      user_id: row.user_id,
      order_no: row.order_no,
      code: row.code,
      market: row.market,
      currency: row.currency,
      status: 0n,
      stock_num: row.won_lots * row.lot,
      limit_price: null,
      buy_price: row.price,
      buy_fee: 0n,
      frozen: 0n,
      buy_time: Number(row.listing_at),
      created_at: Number(row.listing_at),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .updateTable('ipo_applications')
    .set({ holding_id: inserted.id })
    .where('id', '=', row.id)
    .execute()
  return inserted.id
}
