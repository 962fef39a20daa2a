import type { Kysely } from 'kysely'
import { onPostgres, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import { isHouse, lockOrder, type Line } from './account-keys'
import { insertTransactions, userBookRows, writeBalances } from './bulk.sql'
import * as q from './ledger.sql'
import { linesOf } from './paths'
import type { LedgerTxInput } from './postings'

// Many ledger transactions in one go (a day's accrual of every followed product: a transaction per
// order). Each keeps its own header and entries, as if posted one after the other in the order
// given, but the whole set takes a fixed handful of set-based statements instead of a few per
// line: one read (and, on PostgreSQL, lock) of every user book, one UPDATE of their balances, one
// INSERT of the headers and one of the entries; the few house books one statement each.

/** An account the transactions name: its lines' sum, and its balance before and as they run. */
interface Account {
  key: Line['key']
  net: bigint
  credited: boolean
  id: bigint
  start: bigint
  running: bigint
}

/** Every account the lines name, once, in the ledger's lock order (users, then house books). */
function accountsOf(each: readonly Line[][]): { accounts: Account[]; byKey: Map<string, Account> } {
  const byKey = new Map<string, Account>()
  for (const lines of each) {
    for (const { key, amount } of lines) {
      const text = q.keyText(key)
      let account = byKey.get(text)
      if (!account) {
        account = { key, net: 0n, credited: false, id: 0n, start: 0n, running: 0n }
        byKey.set(text, account)
      }
      account.net += amount
      if (amount > 0n) account.credited = true
    }
  }
  const accounts = [...byKey.values()].sort((a, b) => lockOrder(a.key, b.key))
  return { accounts, byKey }
}

/**
 * Writes `txs`, each a balanced ledger transaction of its own, inside the caller's transaction,
 * and answers their ids in order. An account several of them name (an issuer's book paying every
 * holder) moves through each in turn: every entry carries the balance after it, and the last is
 * the account's balance. Throws Refusal('insufficient_balance') when any user book would go below
 * zero at any step (or a debit names a book never credited), before any balance is written; the
 * caller's transaction must then roll back, which leaves none of them written. The rows are locked
 * in the ledger's one order across all of them (users by id, then house books), so this is one
 * posting as far as that order goes: post nothing else in the same SQL transaction.
 */
export async function postMany(
  trx: Kysely<Database>,
  txs: readonly LedgerTxInput[],
  now: number,
): Promise<bigint[]> {
  if (txs.length === 0) return []
  const each = txs.map((tx) => {
    if (tx.selected) throw new Error('postMany takes postings of lines, not selected ones')
    return linesOf(tx)
  })
  const postgres = onPostgres(trx)
  const { accounts, byKey } = accountsOf(each)
  const users = accounts.filter((a) => !isHouse(a.key))
  const houses = accounts.filter((a) => isHouse(a.key))

  const userKey = (a: Account) => ({ ...a.key, userId: a.key.userId! })
  const rows = await userBookRows(
    trx,
    users.map(userKey),
    users.filter((a) => a.credited).map(userKey),
    now,
    postgres,
  )
  for (const account of users) {
    const row = rows.find({ key: userKey(account) })
    if (!row) throw new Refusal('insufficient_balance')
    account.id = row.id
    account.start = account.running = row.balance
  }
  // Each user book through every line in turn: one that dips below zero refuses the whole set,
  // before the house books (locked last) are touched.
  for (const lines of each) {
    for (const { key, amount } of lines) {
      if (isHouse(key)) continue
      const account = byKey.get(q.keyText(key))!
      account.running += amount
      if (account.running < 0n) throw new Refusal('insufficient_balance')
    }
  }
  // A house book may go below zero: its sum moves in one upsert, which creates it if need be.
  for (const account of houses) {
    const moved = await q.addToAccount(trx, account.key, account.net, now)
    account.id = moved.id
    account.start = moved.balance - account.net
  }
  await writeBalances(
    trx,
    users.filter((a) => a.net !== 0n).map((a) => ({ id: a.id, balance: a.start + a.net })),
    postgres,
  )

  const txIds = await insertTransactions(trx, txs, now)
  for (const account of accounts) account.running = account.start
  const entries: { txId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint }[] = []
  each.forEach((lines, i) => {
    for (const { key, amount } of lines) {
      const account = byKey.get(q.keyText(key))!
      account.running += amount
      entries.push({
        txId: txIds[i]!,
        accountId: account.id,
        amount,
        balanceAfter: account.running,
      })
    }
  })
  await q.insertEntries(trx, entries)
  return txIds
}
