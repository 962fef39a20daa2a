import type { Kysely } from 'kysely'
import { USER_BOOKS } from '@kabu/shared/api/ledger'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { checkLedger } from './check'
import * as q from './ledger.sql'
import { postMany } from './many'
import { postAlong, postCommand } from './paths'
import type { HouseBook, LedgerCommand, LedgerTxInput, UserBook } from './postings'

// The ledger's one entry: createLedger, whose `post` (and `postMany`, many postings at once) is the
// only way money moves. How a posting is written (a statement per line, in bulk, as one PostgreSQL
// statement, or from a query) is the ledger's choice (paths.ts); many at once, many.ts. Outside broker/ledger no file imports the ledger's others but
// routes.ts and the check.ts read-out (a lint zone, eslint.config.js).

export type { AfterTx, AlsoWrite, BusinessStep, Guard } from './post.pg.sql'
export type { SelectedLines } from './selected.sql'
// The credit book's lines, which a credit sale and a split's credit fraction both post.
export { interestPostings, lendPostings, repayCreditPostings } from './credit-postings'
export type {
  AccountRef,
  HouseBook,
  LedgerCommand,
  LedgerTxInput,
  Posting,
  UserBook,
} from './postings'

/** A user's balance in every book of one currency. */
export type Balances = Record<UserBook, bigint>

export interface Ledger {
  /**
   * Writes one ledger transaction inside the caller's SQL transaction, so it commits or rolls back
   * with the business row. Throws Refusal('insufficient_balance') if a user book would go negative;
   * the caller's transaction must then roll back (throwing out of it does that), and a plain Error
   * when the postings do not balance. Post at most once per SQL transaction: the lock order that
   * keeps PostgreSQL free of deadlocks (users, then house books) holds within one post, not across
   * two.
   */
  post(trx: Kysely<Database>, tx: LedgerTxInput): Promise<{ txId: bigint }>
  /**
   * With a `command`: on PostgreSQL only, and outside any transaction, the posting with the
   * command's business write and idempotency key as ONE statement, which commits by itself.
   * Undefined when a debit would overdraw or the business step found its row gone; then nothing
   * was written. A taken key fails it with a unique violation (see idempotentStatement). Only the
   * chain's first step may fail (a debit after a write would commit the write alone): a plain
   * Error otherwise. `alsoIds`: the ids of the command's further rows (BusinessStep.also), in order.
   */
  post(
    db: Kysely<Database>,
    tx: LedgerTxInput,
    command: LedgerCommand,
  ): Promise<{ txId: bigint; businessId: bigint; alsoIds: bigint[] } | undefined>
  /**
   * Writes many ledger transactions inside the caller's SQL transaction, each its own header and
   * entries as if posted one after the other in the order given (an account several name moves
   * through each in turn), in a fixed handful of set-based statements: a day's accrual posts a
   * transaction per followed order. Throws Refusal('insufficient_balance') if a user book would go
   * negative at any step, and then none is written once the caller rolls back. Like `post`, once
   * per SQL transaction. Answers their ids in order.
   */
  postMany(trx: Kysely<Database>, txs: readonly LedgerTxInput[]): Promise<{ txIds: bigint[] }>
  balances(db: Kysely<Database>, userId: bigint, currency: Currency): Promise<Balances>
  /** A house book's balance in one currency, all its shards together. */
  houseBalance(db: Kysely<Database>, book: HouseBook, currency: Currency): Promise<bigint>
  /** The invariant checker (DESIGN.md "Money is exact and traceable"). */
  check(db: Kysely<Database>): Promise<{ ok: boolean; violations: string[] }>
}

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
export function createLedger(deps: {
  clock: Clock
  /**
   * Told of each transaction written, by kind, when the call that wrote it returns (the metrics'
   * count; one whose SQL transaction later rolls back is counted too).
   */
  posted?: (kind: string) => void
}): Ledger {
  const posted = deps.posted ?? (() => {})

  function post(trx: Kysely<Database>, tx: LedgerTxInput): Promise<{ txId: bigint }>
  function post(
    db: Kysely<Database>,
    tx: LedgerTxInput,
    command: LedgerCommand,
  ): Promise<{ txId: bigint; businessId: bigint; alsoIds: bigint[] } | undefined>
  async function post(db: Kysely<Database>, tx: LedgerTxInput, command?: LedgerCommand) {
    const now = deps.clock.now()
    const written = command
      ? await postCommand(db, tx, now, command)
      : { txId: await postAlong(db, tx, now) }
    if (written) posted(tx.kind)
    return written
  }

  return {
    post,

    async postMany(trx, txs) {
      const txIds = await postMany(trx, txs, deps.clock.now())
      for (const tx of txs) posted(tx.kind)
      return { txIds }
    },

    async balances(db, userId, currency) {
      const rows = await q.userBalances(db, userId, currency)
      const of = (book: UserBook) => rows.find((r) => r.book === book)?.balance ?? 0n
      return Object.fromEntries(USER_BOOKS.map((book) => [book, of(book)])) as Balances
    },

    houseBalance: q.houseBalance,

    check: checkLedger,
  }
}
