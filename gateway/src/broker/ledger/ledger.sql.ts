import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { sumOf, type Database } from '../../store/index'
import { prepared } from '../../store/prepared'

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
  const { rows } = await debit(db, { ...key, amount })
  return rows[0]
}

// The ledger's statements run for every posting: built once each (store/prepared.ts).
type Line = AccountKey & { amount: bigint }

const debit = prepared((db, p: Line & { userId: bigint }) =>
  db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', p.amount) }))
    .where('user_id', '=', p.userId)
    .where('book', '=', p.book)
    .where('currency', '=', p.currency)
    .where((eb) => eb(eb('balance', '+', p.amount), '>=', 0n))
    .returning(['id', 'balance']),
)

/** addToAccount's statement: a user's book is keyed by user, a house book by its shard. */
const upsertFor = (house: boolean) =>
  prepared((db, p: Line & { now: number }) =>
    db
      .insertInto('ledger_accounts')
      .values({
        user_id: house ? null : p.userId,
        book: p.book,
        currency: p.currency,
        shard: p.shard,
        balance: p.amount,
        created_at: p.now,
      })
      .onConflict((oc) =>
        (house
          ? oc.columns(['book', 'currency', 'shard']).where('user_id', 'is', null)
          : oc.columns(['user_id', 'book', 'currency']).where('user_id', 'is not', null)
        ).doUpdateSet((eb) => ({
          balance: eb('ledger_accounts.balance', '+', eb.ref('excluded.balance')),
        })),
      )
      .returning(['id', 'balance']),
  )
const upsertUser = upsertFor(false)
const upsertHouse = upsertFor(true)

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
  const upsert = key.userId === null ? upsertHouse : upsertUser
  const { rows } = await upsert(db, { ...key, amount, now })
  if (!rows[0]) throw new Error('an account upsert returned no row')
  return rows[0]
}

export async function insertTransaction(
  db: Db,
  tx: { kind: string; userId: bigint | null; orderNo: string; now: number },
): Promise<bigint> {
  const { rows } = await header(db, tx)
  if (!rows[0]) throw new Error('a ledger header insert returned no row')
  return rows[0].id
}

const header = prepared(
  (db, p: { kind: string; userId: bigint | null; orderNo: string; now: number }) =>
    db
      .insertInto('ledger_transactions')
      .values({ kind: p.kind, user_id: p.userId, order_no: p.orderNo, created_at: p.now })
      .returning('id'),
)

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
  if (entries.length === 0) return
  if (entries.length <= FEW_ENTRIES) {
    const values: Record<string, bigint> = {}
    entries.forEach((e, i) => {
      values[`t${i}`] = e.txId
      values[`a${i}`] = e.accountId
      values[`m${i}`] = e.amount
      values[`b${i}`] = e.balanceAfter
    })
    await fewEntries(entries.length)(db, values)
    return
  }
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

// An order posts a handful of lines: their INSERT is prepared once per count (store/prepared.ts).
const FEW_ENTRIES = 8
const fewEntryInserts = new Map<number, ReturnType<typeof entriesInsert>>()

const entriesInsert = (count: number) =>
  prepared((db, p: Record<string, bigint>) =>
    db.insertInto('ledger_entries').values(
      Array.from({ length: count }, (_, i) => ({
        tx_id: p[`t${i}`]!,
        account_id: p[`a${i}`]!,
        amount: p[`m${i}`]!,
        balance_after: p[`b${i}`]!,
      })),
    ),
  )

function fewEntries(count: number) {
  let insert = fewEntryInserts.get(count)
  if (!insert) {
    insert = entriesInsert(count)
    fewEntryInserts.set(count, insert)
  }
  return insert
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
