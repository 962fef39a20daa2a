import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault } from './columns'

/** Tables of migration 0002-ledger. Integers are bigint in JS on both stores (see ../schema.ts). */
type Id = GeneratedAlways<bigint>

/**
 * One account: a user's book in a currency (user_id set), or a house book in a currency (user_id
 * null). Created on the first posting that touches it. `balance` is the running sum of its entries,
 * kept in the same SQL transaction as the entries (the only mutable ledger column).
 */
export interface LedgerAccountsTable {
  id: Id
  user_id: bigint | null
  book: string
  currency: string
  balance: IntDefault
  created_at: Int
  /** Which of a house book's rows this is (migration 0010); always 0 for a user's book. */
  shard: IntDefault
}

/** A ledger transaction: the header of entries that sum to zero per currency. Append-only. */
export interface LedgerTransactionsTable {
  id: Id
  kind: string
  /** The user the transaction is about (fund records list it), or null for house-only moves. */
  user_id: bigint | null
  /** The business row's number (deposit, withdrawal, exchange...), shown in fund records. */
  order_no: string
  created_at: Int
}

/** One signed amount on one account, with the account's balance after it. Append-only. */
export interface LedgerEntriesTable {
  id: Id
  tx_id: Int
  account_id: Int
  amount: Int
  balance_after: Int
}

/** The first answer of a money command, per (user, scope, idem), with a hash of its body. */
export interface IdempotencyKeysTable {
  user_id: Int
  scope: string
  idem: string
  body_hash: string
  /** JSON of the result (bigints tagged), written in the same SQL transaction as the command. */
  result: string | null
  created_at: Int
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable
  ledger_transactions: LedgerTransactionsTable
  ledger_entries: LedgerEntriesTable
  idempotency_keys: IdempotencyKeysTable
}
