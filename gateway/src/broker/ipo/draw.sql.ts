import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import type { SelectedLines } from '../ledger/index'
import { AWAITING, LOST, PAID } from './ipo.sql'

/** The draw's queries: its claim, its entries, the settled applications and their ledger lines. */

type Db = Kysely<Database>

/** The applications a draw settles (still awaiting it), with only what the draw reads. */
export function drawEntries(db: Db, offerId: bigint) {
  return db
    .selectFrom('ipo_applications')
    .select(['id', 'user_id', 'ref', 'lots'])
    .where('offer_id', '=', offerId)
    .where('status', '=', AWAITING)
    .orderBy('id')
    .execute()
}

/** Claims the draw of an offer: undefined when another pass drew it first. */
export function claimDraw(db: Db, offerId: bigint, now: number) {
  return db
    .updateTable('ipo_offers')
    .set({ drawn_at: now })
    .where('id', '=', offerId)
    .where('drawn_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

export function recordDrawTotals(db: Db, offerId: bigint, asked: bigint, won: bigint) {
  return db
    .updateTable('ipo_offers')
    .set({ lots_asked: asked, lots_won: won })
    .where('id', '=', offerId)
    .execute()
}

const WINNERS_PER_STATEMENT = 20_000

/**
 * The draw's winners, awaiting it until now, take their status and lots in one statement per
 * 20,000: ids and lots travel as array parameters of decimal strings (json_each on SQLite,
 * unnest of bigint[] on PostgreSQL), so the statement's text does not grow with them.
 */
export async function settleWinners(
  db: Db,
  winners: readonly { id: bigint; lots: bigint }[],
  to: { status: bigint; now: number; settled: boolean },
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const settledAt = to.settled ? BigInt(to.now) : null
  for (let first = 0; first < winners.length; first += WINNERS_PER_STATEMENT) {
    const slice = winners.slice(first, first + WINNERS_PER_STATEMENT)
    const set = sql`status = ${to.status}, drawn_at = ${BigInt(to.now)}, settled_at = ${settledAt}`
    if (postgres) {
      const ids = slice.map((w) => String(w.id))
      const lots = slice.map((w) => String(w.lots))
      await sql`update ipo_applications set ${set}, won_lots = w.lots
        from unnest(cast(${ids} as bigint[]), cast(${lots} as bigint[])) as w(id, lots)
        where ipo_applications.id = w.id and ipo_applications.status = ${AWAITING}`.execute(db)
    } else {
      // json_each straight in FROM, so SQLite scans the JSON rows and finds each application by
      // its primary key (a subquery here was scanned once per application row).
      const rows = JSON.stringify(slice.map((w) => [String(w.id), String(w.lots)]))
      await sql`update ipo_applications
        set ${set}, won_lots = cast(json_extract(w.value, '$[1]') as integer)
        from json_each(${rows}) as w
        where ipo_applications.id = cast(json_extract(w.value, '$[0]') as integer)
          and ipo_applications.status = ${AWAITING}`.execute(db)
    }
  }
}

/** Every application of the offer still awaiting its draw (the winners are settled) lost. */
export async function settleLosers(db: Db, offerId: bigint, now: number): Promise<void> {
  await db
    .updateTable('ipo_applications')
    .set({ status: LOST, drawn_at: now, settled_at: now })
    .where('offer_id', '=', offerId)
    .where('status', '=', AWAITING)
    .execute()
}

/**
 * The draw's ledger lines, as the query the ledger posts in one set (ledger `post` with `selected`): every
 * application this draw settled gives its frozen amount back from `frozen`, and what it did not pay
 * for now (all of it, unless the winners were paid from it: status PAID, IPO_PAYMENT=prefunded)
 * returns to `available`; the house's side is the payments.
 */
export function drawLines(
  offer: { id: bigint; currency: string; lot: bigint; price: bigint },
  now: number,
): SelectedLines {
  const settledByThisDraw = sql`offer_id = ${offer.id} and drawn_at = ${BigInt(now)}`
  const paidNow = sql`case when status = ${PAID} then won_lots * ${offer.lot * offer.price} else 0 end`
  return sql`select user_id, 'frozen' as book, ${offer.currency} as currency, 0 - amount as amount
      from ipo_applications where ${settledByThisDraw}
    union all
    select user_id, 'available', ${offer.currency}, amount - ${paidNow}
      from ipo_applications where ${settledByThisDraw}`
}
