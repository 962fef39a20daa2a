import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { sumOf, type Database } from '../../store/index'

/** The ledger's queries. Every one runs on the executor it is given (usually the caller's trx). */

type Db = Kysely<Database>

/** A user's book (shard 0), or one shard of a house book (migration 0010-house-shards). */
export interface AccountKey {
  userId: bigint | null
  book: string
  currency: Currency
  shard: bigint
}

/** An account's name, for one canonical order: user (none for the house), book, currency, shard. */
export const keyText = (key: AccountKey) =>
  `${key.userId ?? ''}/${key.book}/${key.currency}/${key.shard}`

export interface Moved {
  id: bigint
  balance: bigint
}

/**
 * Takes `-amount` from a user's book in one statement, by its natural key (no id lookup first),
 * only when the result stays at or above zero, judged on the row as it is when the lock is taken
 * (PostgreSQL re-evaluates the WHERE after waiting under READ COMMITTED), so concurrent debits
 * can never overdraw. Undefined when it would overdraw, or the book was never credited.
 */
export async function debitUser(
  db: Db,
  key: AccountKey & { userId: bigint },
  amount: bigint,
): Promise<Moved | undefined> {
  return db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('user_id', '=', key.userId)
    .where('book', '=', key.book)
    .where('currency', '=', key.currency)
    .where((eb) => eb(eb('balance', '+', amount), '>=', 0n))
    .returning(['id', 'balance'])
    .executeTakeFirst()
}

/**
 * Adds `amount` to an account that may not exist yet, creating it, in one statement: a user
 * credit, or any move of a house book (which may go below zero). ON CONFLICT makes two
 * transactions creating the same account at once safe on both stores: on PostgreSQL the second
 * waits for the first and then updates its row.
 */
export async function addToAccount(
  db: Db,
  key: AccountKey,
  amount: bigint,
  now: number,
): Promise<Moved> {
  return db
    .insertInto('ledger_accounts')
    .values({
      user_id: key.userId,
      book: key.book,
      currency: key.currency,
      shard: key.shard,
      balance: amount,
      created_at: now,
    })
    .onConflict((oc) =>
      (key.userId === null
        ? oc.columns(['book', 'currency', 'shard']).where('user_id', 'is', null)
        : oc.columns(['user_id', 'book', 'currency']).where('user_id', 'is not', null)
      ).doUpdateSet((eb) => ({
        balance: eb('ledger_accounts.balance', '+', eb.ref('excluded.balance')),
      })),
    )
    .returning(['id', 'balance'])
    .executeTakeFirstOrThrow()
}

export async function insertTransaction(
  db: Db,
  tx: { kind: string; userId: bigint | null; orderNo: string; now: number },
): Promise<bigint> {
  const row = await db
    .insertInto('ledger_transactions')
    .values({ kind: tx.kind, user_id: tx.userId, order_no: tx.orderNo, created_at: tx.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

// Rows per INSERT of a small posting: 4 parameters each stays far under SQLite's 32,766.
const ENTRIES_PER_STATEMENT = 1_000
// From this many entries they travel as array parameters instead (a draw's refunds: 200,000).
const ENTRIES_AS_ARRAYS = 256
const ENTRIES_PER_ARRAY_STATEMENT = 50_000

/**
 * A transaction's entries. A posting of a few lines inserts them as rows; a large one (a draw's
 * refunds post one line per application) passes them as columns of decimal strings, one
 * statement per 50,000 (json_each on SQLite, unnest of bigint[] on PostgreSQL): exact, and without
 * building, parsing and preparing a statement of thousands of tuples.
 */
export async function insertEntries(
  db: Db,
  entries: readonly { txId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  if (entries.length >= ENTRIES_AS_ARRAYS) return insertEntriesAsArrays(db, entries)
  for (let first = 0; first < entries.length; first += ENTRIES_PER_STATEMENT) {
    await db
      .insertInto('ledger_entries')
      .values(
        entries.slice(first, first + ENTRIES_PER_STATEMENT).map((entry) => ({
          tx_id: entry.txId,
          account_id: entry.accountId,
          amount: entry.amount,
          balance_after: entry.balanceAfter,
        })),
      )
      .execute()
  }
}

async function insertEntriesAsArrays(
  db: Db,
  entries: readonly { txId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (let first = 0; first < entries.length; first += ENTRIES_PER_ARRAY_STATEMENT) {
    const slice = entries.slice(first, first + ENTRIES_PER_ARRAY_STATEMENT)
    if (postgres) {
      const column = (pick: (e: (typeof slice)[number]) => bigint) =>
        slice.map((e) => String(pick(e)))
      await sql`insert into ledger_entries (tx_id, account_id, amount, balance_after)
        select * from unnest(cast(${column((e) => e.txId)} as bigint[]),
          cast(${column((e) => e.accountId)} as bigint[]), cast(${column((e) => e.amount)} as bigint[]),
          cast(${column((e) => e.balanceAfter)} as bigint[]))`.execute(db)
    } else {
      // One json_each of [tx, account, amount, balance after] rows, in order, written as JSON
      // integers straight from the bigints (exact: SQLite reads them as 64-bit integers); joining
      // a json_each per column on their keys would be a nested loop (json_each has no index).
      const rows = `[${slice
        .map((e) => `[${e.txId},${e.accountId},${e.amount},${e.balanceAfter}]`)
        .join(',')}]`
      await sql`insert into ledger_entries (tx_id, account_id, amount, balance_after)
        select json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'),
          json_extract(r.value, '$[2]'), json_extract(r.value, '$[3]')
        from json_each(${rows}) as r
        order by r.key`.execute(db)
    }
  }
}

/** A user's balances in one currency, by book (books never posted to are absent). */
export function userBalances(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('ledger_accounts')
    .select(['book', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute()
}

/** Every balance of a user's books, all currencies at once (the wallets screen). */
export function allUserBalances(db: Db, userId: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .select(['book', 'currency', 'balance'])
    .where('user_id', '=', userId)
    .execute()
}

/** A house book's balance in one currency: the sum of its shards (0 before its first posting). */
export async function houseBalance(db: Db, book: string, currency: Currency): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sumOf('balance').as('balance'))
    .where('user_id', 'is', null)
    .where('book', '=', book)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow()
  return row.balance
}
