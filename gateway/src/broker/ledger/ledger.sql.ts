import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'

/** The ledger's queries. Every one runs on the executor it is given (usually the caller's trx). */

type Db = Kysely<Database>

export interface AccountKey {
  userId: bigint | null
  book: string
  currency: Currency
}

/** How an account is named in the maps below: user (or none for the house), book, currency. */
export const keyText = (key: AccountKey) => `${key.userId ?? ''}/${key.book}/${key.currency}`

/**
 * The ids of accounts, creating those used for the first time, in one query when they all exist
 * (the usual case: an order's few accounts cost one round trip, not one each). ON CONFLICT DO
 * NOTHING makes two transactions creating the same account at once safe on both stores: on
 * PostgreSQL the second waits for the first and then finds its row. Missing accounts are created
 * in the order given, so callers pass one canonical order and two creators never wait on each
 * other's inserts.
 */
export async function accountIds(
  db: Db,
  keys: readonly AccountKey[],
  now: number,
): Promise<Map<string, bigint>> {
  const ids = await findAccounts(db, keys)
  const missing = keys.filter((key) => !ids.has(keyText(key)))
  if (missing.length === 0) return ids
  for (const key of missing) {
    await db
      .insertInto('ledger_accounts')
      .values({ user_id: key.userId, book: key.book, currency: key.currency, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  for (const [text, id] of await findAccounts(db, missing)) ids.set(text, id)
  for (const key of missing) {
    if (!ids.has(keyText(key))) throw new Error(`ledger account ${keyText(key)} not created`)
  }
  return ids
}

async function findAccounts(db: Db, keys: readonly AccountKey[]): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'book', 'currency'])
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([
            key.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', key.userId),
            eb('book', '=', key.book),
            eb('currency', '=', key.currency),
          ]),
        ),
      ),
    )
    .execute()
  const ids = new Map<string, bigint>()
  for (const r of rows) {
    ids.set(keyText({ userId: r.user_id, book: r.book, currency: r.currency as Currency }), r.id)
  }
  return ids
}

/**
 * Adds `amount` to a balance in one statement. A user's account only moves when the result stays
 * at or above zero, judged on the row as it is when the lock is taken (PostgreSQL re-evaluates the
 * WHERE after waiting under READ COMMITTED), so concurrent debits can never overdraw.
 * Returns the new balance, or undefined when the debit would overdraw.
 */
export async function addToBalance(
  db: Db,
  id: bigint,
  amount: bigint,
): Promise<bigint | undefined> {
  const row = await db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb(eb('balance', '+', amount), '>=', 0n)]))
    .returning('balance')
    .executeTakeFirst()
  return row?.balance
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

/** All of a transaction's entries in one statement. */
export async function insertEntries(
  db: Db,
  entries: readonly { txId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        tx_id: entry.txId,
        account_id: entry.accountId,
        amount: entry.amount,
        balance_after: entry.balanceAfter,
      })),
    )
    .execute()
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
