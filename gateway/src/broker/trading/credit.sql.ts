import type { Insertable, Kysely, Selectable } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import type { CreditRequestsTable } from '../../store/schema/credit'
import type { HoldingRow } from './trading.sql'

type Db = Kysely<Database>
export type CreditRequestRow = Selectable<CreditRequestsTable>

export const PENDING = 0n
export const APPLIED = 1n
export const REJECTED = 2n

/**
 * Credit positions open (held or with a resting sell) that owe, and every open short (its borrow
 * fee accrues from the first day): what the credit job watches.
 */
export function owingPositions(db: Db): Promise<HoldingRow[]> {
  return db
    .selectFrom('holdings')
    .selectAll()
    .where('status', 'in', [BigInt(HOLDING.holding), BigInt(HOLDING.closing)])
    .where((eb) =>
      eb.or([
        eb.and([eb('leverage', '>', 1n), eb('credit_debt', '>', 0n)]),
        eb('side', '=', 'short'),
      ]),
    )
    .orderBy('id')
    .execute()
}

/**
 * One day's interest of a position, once: the accrual row's primary key refuses a second one
 * (another pass, another gateway), and the debt moves only while the row is still open and owes
 * what the job read. False when either says no; then nothing was written.
 */
export async function accrueDay(
  db: Db,
  h: HoldingRow,
  date: string,
  interest: bigint,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('credit_accruals')
    .values({ holding_id: h.id, accrual_date: date, amount: interest, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  if (inserted.numInsertedOrUpdatedRows !== 1n) return false
  const moved = await db
    .updateTable('holdings')
    .set({
      credit_debt: h.credit_debt + interest,
      credit_interest: h.credit_interest + interest,
      interest_through: date,
    })
    .where('id', '=', h.id)
    .where('credit_debt', '=', h.credit_debt)
    .where('status', 'in', [BigInt(HOLDING.holding), BigInt(HOLDING.closing)])
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n
}

/** Marks the days up to `date` as accrued without interest (a debt too small for a minor unit). */
export async function markAccruedThrough(db: Db, id: bigint, date: string): Promise<void> {
  await db.updateTable('holdings').set({ interest_through: date }).where('id', '=', id).execute()
}

/** Sets or clears a margin call (only while the position owes what the job read). */
export async function setCall(db: Db, h: HoldingRow, deadline: number | null): Promise<boolean> {
  const moved = await db
    .updateTable('holdings')
    .set({ call_deadline: deadline })
    .where('id', '=', h.id)
    .where('credit_debt', '=', h.credit_debt)
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n
}

export async function insertRequest(db: Db, row: Insertable<CreditRequestsTable>): Promise<bigint> {
  const inserted = await db
    .insertInto('credit_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** A user's requests of one currency with their holding's code, newest first. */
export function requestsOf(db: Db, userId: bigint, currency: string) {
  return db
    .selectFrom('credit_requests as r')
    .innerJoin('holdings as h', 'h.id', 'r.holding_id')
    .selectAll('r')
    .select('h.code')
    .where('r.user_id', '=', userId)
    .where('r.currency', '=', currency)
    .orderBy('r.id', 'desc')
    .execute()
}

export function requestsWithAccount(db: Db, status: bigint) {
  return db
    .selectFrom('credit_requests as r')
    .innerJoin('holdings as h', 'h.id', 'r.holding_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['h.code', 'h.credit_debt', 'u.account'])
    .where('r.status', '=', status)
    .orderBy('r.id')
    .execute()
}

export function requestById(db: Db, id: bigint): Promise<CreditRequestRow | undefined> {
  return db.selectFrom('credit_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Decides a pending request; undefined when it is no longer pending (decided meanwhile). */
export function decidePending(
  db: Db,
  id: bigint,
  change: {
    status: bigint
    applied: bigint | null
    reason: string | null
    operator: string
    now: number
  },
): Promise<CreditRequestRow | undefined> {
  return db
    .updateTable('credit_requests')
    .set({
      status: change.status,
      applied: change.applied,
      reason: change.reason,
      decided_by: change.operator,
      decided_at: change.now,
    })
    .where('id', '=', id)
    .where('status', '=', PENDING)
    .returningAll()
    .executeTakeFirst()
}

/** Trust funds paid into a position's debt (approval), guarded by the debt read. */
export async function payDown(db: Db, h: HoldingRow, amount: bigint): Promise<boolean> {
  const moved = await db
    .updateTable('holdings')
    .set({ credit_debt: h.credit_debt - amount, trust_funds: h.trust_funds + amount })
    .where('id', '=', h.id)
    .where('credit_debt', '=', h.credit_debt)
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n
}

/** Trust funds added to a short's margin (approval), guarded by the margin read. */
export async function addHeld(db: Db, h: HoldingRow, amount: bigint): Promise<boolean> {
  const moved = await db
    .updateTable('holdings')
    .set({ frozen: h.frozen + amount, trust_funds: h.trust_funds + amount })
    .where('id', '=', h.id)
    .where('status', '=', BigInt(HOLDING.holding))
    .where('frozen', '=', h.frozen)
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n
}
