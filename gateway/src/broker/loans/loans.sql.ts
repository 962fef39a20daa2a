import { sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { APPROVED } from '../common/review-rows'

/** The loan area's queries; every read of a user's rows is scoped by their id. */

type Db = Kysely<Database>

export { APPROVED, PENDING, REJECTED } from '../common/review-rows'
export const REPAID = 3n

export async function insertLoan(
  db: Db,
  row: { userId: bigint; orderNo: string; currency: Currency; amount: bigint; now: number },
): Promise<bigint> {
  const inserted = await db
    .insertInto('loans')
    .values({
      user_id: row.userId,
      order_no: row.orderNo,
      currency: row.currency,
      amount: row.amount,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** The user's loans of one wallet, newest first. */
export function userLoans(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

/** The pending (0) or owed (1) loan of a wallet, if any: the unique indexes allow one of each. */
export function openLoan(db: Db, userId: bigint, currency: Currency, status: bigint) {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', '=', status)
    .executeTakeFirst()
}

export function loanOf(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function loanById(db: Db, id: bigint) {
  return db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Marks an owed loan repaid; undefined when it was not owed (repaid meanwhile). */
export function markRepaid(db: Db, id: bigint, interest: bigint, now: number) {
  return db
    .updateTable('loans')
    .set({ status: REPAID, interest_paid: interest, repaid_at: now })
    .where('id', '=', id)
    .where('status', '=', APPROVED)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Money deposited into the wallet, ever: the ledger's `deposit` lines on the user's available
 * book. The ledger rather than the deposits table, so the demo's opening deposit counts too.
 */
export async function approvedDepositsTotal(
  db: Db,
  userId: bigint,
  currency: Currency,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    // PostgreSQL's sum(bigint) is numeric; the cast keeps both stores answering bigint.
    .select(sql<bigint>`cast(coalesce(sum(e.amount), 0) as bigint)`.as('total'))
    .where('a.user_id', '=', userId)
    .where('a.book', '=', 'available')
    .where('a.currency', '=', currency)
    .where('t.kind', '=', 'deposit')
    .executeTakeFirstOrThrow()
  return BigInt(row.total)
}

/** Every loan of the wallet that is owed or repaid: what the score's repayment terms read. */
export function settledOrOwed(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('loans')
    .select(['status', 'decided_at', 'repaid_at'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', 'in', [APPROVED, REPAID])
    .execute()
}

export async function registeredAt(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.created_at)
}
