import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../refusal'
import { checkLedger } from './check'
import * as q from './ledger.sql'
import { assertBalanced } from './postings'

/** A user's books: cash they may use, cash held for a pending request, money owed on credit. */
export type UserBook = 'available' | 'frozen' | 'borrowed'
/** The broker's own books, the other side of every user movement. */
export type HouseBook = 'bank_clearing' | 'fees' | 'fx' | 'loans'

export type AccountRef =
  { user: bigint; book: UserBook; currency: Currency } | { house: HouseBook; currency: Currency }

/** One line of a ledger transaction, in 1/10,000 units, signed; per currency they sum to 0. */
export interface Posting {
  account: AccountRef
  amount: bigint
}

export interface LedgerTxInput {
  /** What happened: 'deposit', 'withdraw_freeze', 'withdraw_pay', 'withdraw_release', 'fx', ... */
  kind: string
  userId: bigint | null
  /** The business row's number, shown in the user's fund records. */
  orderNo: string
  postings: Posting[]
}

export interface Balances {
  available: bigint
  frozen: bigint
  borrowed: bigint
}

export interface Ledger {
  /**
   * Writes one ledger transaction inside the caller's SQL transaction, so it commits or rolls back
   * with the business row. Throws Refusal('insufficient_balance') if a user book would go negative;
   * the caller's transaction must then roll back (throwing out of it does that). Post at most
   * once per SQL transaction: the lock order that keeps PostgreSQL free of deadlocks (users, then
   * house books) holds within one post, not across two.
   */
  post(trx: Kysely<Database>, tx: LedgerTxInput): Promise<{ txId: bigint }>
  balances(db: Kysely<Database>, userId: bigint, currency: Currency): Promise<Balances>
  /** The invariant checker (DESIGN.md "Money is exact and traceable"). */
  check(db: Kysely<Database>): Promise<{ ok: boolean; violations: string[] }>
}

function keyOf(ref: AccountRef): q.AccountKey {
  return 'user' in ref
    ? { userId: ref.user, book: ref.book, currency: ref.currency }
    : { userId: null, book: ref.house, currency: ref.currency }
}

// Accounts are found or created in one canonical order, so two transactions creating the same
// new accounts (the fx books of a pair, say) cannot wait on each other's inserts.
const byKeyText = (a: q.AccountKey, b: q.AccountKey) => (q.keyText(a) < q.keyText(b) ? -1 : 1)

/**
 * The double-entry ledger behind every figure. Every balance change is a transaction of entries
 * summing to zero per currency, each entry carrying the balance after it.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   await ledger.post(trx, { kind: 'deposit', userId, orderNo, postings: [
 *     { account: { house: 'bank_clearing', currency: 'JPY' }, amount: -10_000_000n },
 *     { account: { user: userId, book: 'available', currency: 'JPY' }, amount: 10_000_000n },
 *   ] })
 * })
 */
export function createLedger(deps: { clock: Clock }): Ledger {
  return {
    async post(trx, tx) {
      assertBalanced(tx.postings)
      const now = deps.clock.now()
      const txId = await q.insertTransaction(trx, { ...tx, now })
      const keyed = tx.postings.map((posting) => ({
        key: keyOf(posting.account),
        amount: posting.amount,
      }))
      const ids = await q.accountIds(trx, [...keyed.map((k) => k.key)].sort(byKeyText), now)
      const lines = keyed.map(({ key, amount }) => ({
        id: ids.get(q.keyText(key)) as bigint,
        house: key.userId === null,
        amount,
      }))
      // Every order moves the same few house rows, so they are locked last: a user debit that
      // overdraws is refused before any house row is held, and the house rows are held only for
      // the end of the transaction. Users by id, then houses by id, is still one global order,
      // so two transactions queue behind each other on PostgreSQL instead of deadlocking (as
      // long as a transaction posts once, which every caller does).
      lines.sort((a, b) => (a.house !== b.house ? (a.house ? 1 : -1) : a.id < b.id ? -1 : 1))
      const entries = []
      for (const line of lines) {
        const balanceAfter = await q.addToBalance(trx, line.id, line.amount)
        if (balanceAfter === undefined) throw new Refusal('insufficient_balance')
        entries.push({ txId, accountId: line.id, amount: line.amount, balanceAfter })
      }
      // Written while every row is still locked, so an account's newest entry stays its last.
      await q.insertEntries(trx, entries)
      return { txId }
    },

    async balances(db, userId, currency) {
      const rows = await q.userBalances(db, userId, currency)
      const of = (book: UserBook) => rows.find((r) => r.book === book)?.balance ?? 0n
      return { available: of('available'), frozen: of('frozen'), borrowed: of('borrowed') }
    },

    check: checkLedger,
  }
}
