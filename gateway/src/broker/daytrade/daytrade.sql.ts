import type { Insertable, Kysely, Selectable } from 'kysely'
import { DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import type { Database } from '../../store/index'
import type {
  DaytradeFillsTable,
  DaytradeParticipationsTable,
  DaytradePositionsTable,
} from '../../store/schema/daytrade'

type Db = Kysely<Database>
export type ParticipationRow = Selectable<DaytradeParticipationsTable>
export type PositionRow = Selectable<DaytradePositionsTable>
export type FillRow = Selectable<DaytradeFillsTable>
export type NewFill = Insertable<DaytradeFillsTable>

export const SUBMITTED = BigInt(DAYTRADE_STATUS.submitted)
export const TRADING = BigInt(DAYTRADE_STATUS.trading)
export const TRADED = BigInt(DAYTRADE_STATUS.traded)
export const FAILED = BigInt(DAYTRADE_STATUS.failed)
export const APPLIED = BigInt(DAYTRADE_STATUS.applied)
/** The statuses of an open participation (the partial unique index of migration 0017). */
export const OPEN = [SUBMITTED, TRADING, APPLIED]

// Rows per statement of the set-based writes: under SQLite's 32,766 parameters (12 a fill).
export const CHUNK = 2_000

export async function insertParticipation(
  db: Db,
  row: Insertable<DaytradeParticipationsTable>,
): Promise<bigint> {
  const r = await db
    .insertInto('daytrade_participations')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

/** The user's open participations in a currency (at most one, by the unique index). */
export async function openCount(db: Db, userId: bigint, currency: string): Promise<number> {
  const r = await db
    .selectFrom('daytrade_participations')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export function byId(db: Db, id: bigint): Promise<ParticipationRow | undefined> {
  return db
    .selectFrom('daytrade_participations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A user's own participation; another user's reads as missing. */
export function participationOf(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('daytrade_participations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function participationsOf(db: Db, userId: bigint, currency: string) {
  return db
    .selectFrom('daytrade_participations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

/** The ops list's rows of one status with the owner's account, oldest first. */
export function withAccount(db: Db, statuses: bigint[], id?: bigint) {
  const rows = db
    .selectFrom('daytrade_participations as p')
    .innerJoin('users', 'users.id', 'p.user_id')
    .selectAll('p')
    .select(['users.account', 'users.trading_barred'])
    .where('p.status', 'in', statuses)
    .orderBy('p.id', 'asc')
  return (id === undefined ? rows : rows.where('p.id', '=', id)).execute()
}

/** Moves a submitted participation to its decision; undefined when it is not submitted any more. */
export function decide(
  db: Db,
  id: bigint,
  set: {
    status: bigint
    operator: string
    reason: string | null
    now: number
    opensAt?: number
    closesAt?: number
  },
): Promise<ParticipationRow | undefined> {
  return db
    .updateTable('daytrade_participations')
    .set({
      status: set.status,
      decided_by: set.operator,
      reason: set.reason,
      decided_at: set.now,
      opens_at: set.opensAt ?? null,
      closes_at: set.closesAt ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', SUBMITTED)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Holds the user's participation for an order until the caller commits, if orders are taken now
 * (applied whose day has opened becomes trading here): undefined otherwise. Taken before the
 * positions are read, so the forced flat (which claims the row first too) and an order queue.
 */
export function holdForOrder(db: Db, userId: bigint, id: bigint, now: number) {
  return db
    .updateTable('daytrade_participations')
    .set({ status: TRADING })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', [TRADING, APPLIED])
    .where('opens_at', '<=', BigInt(now))
    .where('closes_at', '>', BigInt(now))
    .returningAll()
    .executeTakeFirst()
}

/** Applied participations whose trading day has opened start trading. */
export async function startTrading(db: Db, now: number): Promise<void> {
  await db
    .updateTable('daytrade_participations')
    .set({ status: TRADING })
    .where('status', '=', APPLIED)
    .where('opens_at', '<=', BigInt(now))
    .where('closes_at', '>', BigInt(now))
    .execute()
}

export function positionsOf(db: Db, participationId: bigint): Promise<PositionRow[]> {
  return db
    .selectFrom('daytrade_positions')
    .selectAll()
    .where('participation_id', '=', participationId)
    .orderBy('code')
    .execute()
}

/** Writes a position as it is after a fill; a flat one is removed. */
export async function savePosition(
  db: Db,
  participationId: bigint,
  code: string,
  next: { qty: bigint; cost: bigint },
  now: number,
): Promise<void> {
  if (next.qty === 0n) {
    await db
      .deleteFrom('daytrade_positions')
      .where('participation_id', '=', participationId)
      .where('code', '=', code)
      .execute()
    return
  }
  await db
    .insertInto('daytrade_positions')
    .values({ participation_id: participationId, code, ...next, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['participation_id', 'code']).doUpdateSet({ ...next, updated_at: now }),
    )
    .execute()
}

export async function insertFill(db: Db, fill: NewFill): Promise<bigint> {
  const r = await db
    .insertInto('daytrade_fills')
    .values(fill)
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

/** Adds a fill's realised P/L and fee to its participation's running totals. */
export async function addTotals(db: Db, id: bigint, realised: bigint, fee: bigint): Promise<void> {
  await db
    .updateTable('daytrade_participations')
    .set((eb) => ({ pnl: eb('pnl', '+', realised), fees: eb('fees', '+', fee) }))
    .where('id', '=', id)
    .execute()
}

export function fillsOf(db: Db, participationId: bigint): Promise<FillRow[]> {
  return db
    .selectFrom('daytrade_fills')
    .selectAll()
    .where('participation_id', '=', participationId)
    .orderBy('id', 'desc')
    .execute()
}

/**
 * The `intraday` books of these users (their only open participation's), read in the settlement's
 * transaction after the claim: nothing else moves them then, as every order holds its participation.
 */
export async function intradayBooks(db: Db, userIds: bigint[]): Promise<Map<string, bigint>> {
  const books = new Map<string, bigint>()
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'currency', 'balance'])
      .where('book', '=', 'intraday')
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .execute()
    for (const r of rows) books.set(`${r.user_id}/${r.currency}`, r.balance)
  }
  return books
}
