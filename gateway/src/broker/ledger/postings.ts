import type { UserBookName } from '@kabu/shared/api/ledger'
import type { LedgerKind } from '@kabu/shared/lines/index'
import { isCurrency, type Currency } from '@kabu/shared/money/currencies'
import type { RawBuilder } from 'kysely'
import type { KeyRow } from '../common/idempotency'
import type { AfterTx, BusinessStep } from './post.pg.sql'
import type { SelectedLines } from './selected.sql'

// What a posting is made of. The ledger's entry (index.ts) re-exports these types; the ledger's own
// files take them from here, so none of them imports the entry that imports them.

/**
 * A user's books: cash they may use, cash held for a pending request, money owed on loans, money
 * in followed products (with their accrued profit), the day-trading sub-account, and what credit
 * (margin) buys owe.
 */
export type UserBook = UserBookName
/**
 * The broker's own books, the other side of every user movement (`credit`: margin lending; `tax`:
 * national tax withheld, owed to the tax office; `tax_local`: inhabitant tax withheld, owed to the
 * local government).
 */
export type HouseBook = 'bank_clearing' | 'fees' | 'fx' | 'loans' | 'credit' | 'tax' | 'tax_local'

export type AccountRef =
  { user: bigint; book: UserBook; currency: Currency } | { house: HouseBook; currency: Currency }

/** One line of a ledger transaction, in 1/10,000 units, signed; per currency they sum to 0. */
export interface Posting {
  account: AccountRef
  amount: bigint
}

export interface LedgerTxInput {
  /** What happened: one of the kinds the product lines declare (shared/src/lines). */
  kind: LedgerKind
  userId: bigint | null
  /** The business row's number, shown in the user's fund records. */
  orderNo: string
  /** Every line; with `selected`, the house lines only, which balance the selected users' lines. */
  postings: Posting[]
  /**
   * Users' lines as a query, for a posting of many lines that already sit in the store (an IPO
   * draw's refunds): they never come into JavaScript, and a fixed handful of set-based statements
   * post them whatever their number. Per currency the house lines in `postings` sum to minus them.
   */
  selected?: SelectedLines
}

/**
 * A hot command's own row and idempotency key, written with its posting as ONE PostgreSQL
 * statement that commits by itself (market orders). The key stores `{ id }`, the business row's id,
 * as the command's answer (see idempotentStatement).
 */
export interface LedgerCommand {
  business: BusinessStep
  key: KeyRow
  /**
   * What the command was computed from, read before its statement: a locking read (SELECT … FOR
   * NO KEY UPDATE) that finds its one row only while that read still stands. It runs first, so
   * it takes its lock before any other; finding none, the statement writes nothing and the post
   * throws ReadMoved (the caller then takes its transaction).
   */
  gate?: RawBuilder<unknown>
  /** Rows written once the ledger transaction is: each reads `tx`, its header (for its `id`). */
  afterTx?: readonly AfterTx[]
}

/**
 * A ledger transaction that does not balance is a bug in the caller, never the user's fault: it
 * throws a plain Error (a logged 500) rather than a Refusal, and nothing is written.
 */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two postings')
  const sums = new Map<string, bigint>()
  for (const { account, amount } of postings) {
    if (!isCurrency(account.currency)) throw new Error(`unknown currency ${account.currency}`)
    if (amount === 0n) throw new Error('a posting of zero records nothing')
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + amount)
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`postings in ${currency} sum to ${sum}, not 0`)
  }
}
