import { sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { sumOf, type Database } from '../../store/index'

/**
 * The trust panel's reads over the whole store (not one user's rows): the ledger's books by owner,
 * the follow products' open obligations and the paid withdrawals. Read-only.
 */

type Db = Kysely<Database>

/** Books a user owes on (loans, stock credit): they count against what the user holds. */
const DEBT_BOOKS = ['borrowed', 'credit']

/**
 * Customers' money per currency, from their books: what they hold less what they owe. Product
 * issuers are `users` rows too, but what they hold is set aside for customers, not theirs.
 */
export function customerTotals(db: Db) {
  return db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('u.status', '<>', 'issuer')
    .select([
      'a.currency',
      sql<bigint>`cast(coalesce(sum(case when a.book in (${sql.join(DEBT_BOOKS)})
        then -a.balance else a.balance end), 0) as bigint)`.as('total'),
    ])
    .groupBy('a.currency')
    .execute()
}

/** The house's books per currency, each by name (all shards together). */
export function houseTotals(db: Db) {
  return db
    .selectFrom('ledger_accounts')
    .where('user_id', 'is', null)
    .select(['currency', 'book', sumOf('balance').as('total')])
    .groupBy(['currency', 'book'])
    .execute()
}

/** What product issuers hold per currency (their `available` books). */
export function issuerTotals(db: Db) {
  return db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('u.status', '=', 'issuer')
    .select(['a.currency', sumOf('a.balance').as('total')])
    .groupBy('a.currency')
    .execute()
}

/** The profit open follow orders may still earn: Σ (max_profit − profit), of one currency. */
export async function productOwed(db: Db, currency: Currency, following: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('product_orders')
    .where('currency', '=', currency)
    .where('status', '=', following)
    .select(sql<bigint>`cast(coalesce(sum(max_profit - profit), 0) as bigint)`.as('owed'))
    .executeTakeFirstOrThrow()
  return row.owed
}

/** How long each withdrawal paid (approved) since `from` took, request to payment, in ms. */
export async function paidWithdrawalDurations(db: Db, from: number, approved: bigint) {
  const rows = await db
    .selectFrom('withdrawals')
    .where('status', '=', approved)
    .where('decided_at', '>=', BigInt(from))
    .select(sql<bigint>`decided_at - created_at`.as('took'))
    .orderBy(sql`decided_at - created_at`)
    .execute()
  return rows.map((r) => Number(r.took))
}
