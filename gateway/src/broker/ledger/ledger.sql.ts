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

/**
 * The id of an account, creating it on first use. ON CONFLICT DO NOTHING makes two transactions
 * creating the same account at once safe on both stores: on PostgreSQL the second waits for the
 * first and then finds its row.
 */
export async function accountId(db: Db, key: AccountKey, now: number): Promise<bigint> {
  const found = await findAccount(db, key)
  if (found !== undefined) return found
  await db
    .insertInto('ledger_accounts')
    .values({ user_id: key.userId, book: key.book, currency: key.currency, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const created = await findAccount(db, key)
  if (created === undefined) throw new Error(`ledger account ${JSON.stringify(key)} not created`)
  return created
}

async function findAccount(db: Db, key: AccountKey): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where((eb) =>
      key.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', key.userId),
    )
    .where('book', '=', key.book)
    .where('currency', '=', key.currency)
    .executeTakeFirst()
  return row?.id
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

export async function insertEntry(
  db: Db,
  entry: { txId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint },
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values({
      tx_id: entry.txId,
      account_id: entry.accountId,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
    })
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
