import { PostgresAdapter, type Kysely } from 'kysely'
import { USER_BOOKS } from '@kabu/shared/api/ledger'
import type { Currency } from '@kabu/shared/money/currencies'
import type { LedgerKind } from '@kabu/shared/lines/index'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import { distinctAccounts, isHouse, keyOf, lockOrder, shardOf, type Line } from './account-keys'
import { BULK_CHUNK, moveUserBooks } from './bulk.sql'
import { checkLedger } from './check'
import * as q from './ledger.sql'
import { postInOneStatement, type BusinessStep, type KeyStep } from './post.pg.sql'
import { assertBalanced, type HouseBook, type Posting, type UserBook } from './postings'
import { moveSelected, selectedTotals, type SelectedLines } from './selected.sql'

export type { AccountRef, HouseBook, Posting, UserBook } from './postings'
export type { SelectedLines } from './selected.sql'

export interface LedgerTxInput {
  /** What happened: one of the kinds the product lines declare (shared/src/lines). */
  kind: LedgerKind
  userId: bigint | null
  /** The business row's number, shown in the user's fund records. */
  orderNo: string
  postings: Posting[]
}

/**
 * A posting whose users' lines are a query (see SelectedLines) and whose house lines, given as
 * usual, balance them: per currency the house lines sum to minus what the selected lines sum to.
 */
export interface SelectedTxInput extends Omit<LedgerTxInput, 'postings'> {
  users: SelectedLines
  house: Posting[]
}

/** A user's balance in every book of one currency. */
export type Balances = Record<UserBook, bigint>

export interface Ledger {
  /**
   * Writes one ledger transaction inside the caller's SQL transaction, so it commits or rolls back
   * with the business row. Throws Refusal('insufficient_balance') if a user book would go negative;
   * the caller's transaction must then roll back (throwing out of it does that). Post at most
   * once per SQL transaction: the lock order that keeps PostgreSQL free of deadlocks (users, then
   * house books) holds within one post, not across two.
   */
  post(trx: Kysely<Database>, tx: LedgerTxInput): Promise<{ txId: bigint }>
  /**
   * PostgreSQL only, and outside any transaction: the posting with a business write and the
   * idempotency key as ONE statement, which commits by itself (the hot path of market orders).
   * Undefined when a debit would overdraw or the business step found its row gone; then nothing
   * was written. A taken key fails it with a unique violation (see idempotentStatement).
   */
  postAsOneStatement(
    db: Kysely<Database>,
    tx: LedgerTxInput,
    extra: { business: BusinessStep; key: KeyStep },
  ): Promise<{ txId: bigint; businessId: bigint } | undefined>
  /**
   * The same as `post`, for a posting of many users' lines that already sit in the store (an IPO
   * draw's refunds): the lines never come into JavaScript, and a fixed handful of set-based
   * statements post them whatever their number. Throws Refusal('insufficient_balance') as `post`
   * does, and a plain Error when the lines and the house lines do not balance.
   */
  postSelected(trx: Kysely<Database>, tx: SelectedTxInput): Promise<{ txId: bigint }>
  balances(db: Kysely<Database>, userId: bigint, currency: Currency): Promise<Balances>
  /** A house book's balance in one currency, all its shards together. */
  houseBalance(db: Kysely<Database>, book: HouseBook, currency: Currency): Promise<bigint>
  /** The invariant checker (DESIGN.md "Money is exact and traceable"). */
  check(db: Kysely<Database>): Promise<{ ok: boolean; violations: string[] }>
}

/**
 * The most lines posted as one PostgreSQL statement. An order is a handful; a draw's refunds are a
 * line per application, whose parameters would pass PostgreSQL's 65,535 in one statement.
 */
const ONE_STATEMENT_MAX_LINES = 256

/** Which store the caller's database or transaction is on, from its dialect's adapter (no call). */
export const onPostgres = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter

/** Above this many lines a posting moves users' books a round at a time (bulk.sql.ts). */
const BULK_FROM_LINES = 64

/**
 * One statement per line, by the account's name: no lookup of ids first, and an account used for
 * the first time is created by the same statement.
 */
async function moveOneByOne(trx: Kysely<Database>, lines: readonly Line[], now: number) {
  const moved: q.Moved[] = []
  for (const { key, amount } of lines) {
    const done =
      key.userId !== null && amount < 0n
        ? await q.debitUser(trx, { ...key, userId: key.userId }, amount)
        : await q.addToAccount(trx, key, amount, now)
    if (done === undefined) throw new Refusal('insufficient_balance')
    moved.push(done)
  }
  return moved
}

/** Users' books BULK_CHUNK at a time, then the few house books one by one (they lock last). */
async function moveInBulk(trx: Kysely<Database>, lines: readonly Line[], now: number) {
  const users = lines.filter((l): l is Line & { key: { userId: bigint } } => !isHouse(l.key))
  const moved: q.Moved[] = []
  for (let first = 0; first < users.length; first += BULK_CHUNK) {
    const round = users.slice(first, first + BULK_CHUNK)
    const done = await moveUserBooks(trx, round, now, onPostgres(trx))
    if (done === undefined) throw new Refusal('insufficient_balance')
    // One by one: a round is up to BULK_CHUNK lines, too many to spread as arguments.
    for (const m of done) moved.push(m)
  }
  return [
    ...moved,
    ...(await moveOneByOne(
      trx,
      lines.filter((l) => isHouse(l.key)),
      now,
    )),
  ]
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
  const linesOf = (tx: LedgerTxInput) => {
    assertBalanced(tx.postings)
    const shard = shardOf(tx)
    return tx.postings
      .map((posting) => ({ key: keyOf(posting.account, shard), amount: posting.amount }))
      .sort((a, b) => lockOrder(a.key, b.key))
  }
  return {
    async post(trx, tx) {
      const lines = linesOf(tx)
      const now = deps.clock.now()
      if (onPostgres(trx) && lines.length <= ONE_STATEMENT_MAX_LINES && distinctAccounts(lines)) {
        const written = await postInOneStatement(trx, { ...tx, now }, lines)
        if (written === undefined) throw new Refusal('insufficient_balance')
        posted(tx.kind)
        return { txId: written.txId }
      }
      const txId = await q.insertTransaction(trx, { ...tx, now })
      const moved =
        lines.length > BULK_FROM_LINES && distinctAccounts(lines)
          ? await moveInBulk(trx, lines, now)
          : await moveOneByOne(trx, lines, now)
      const entries = lines.map(({ amount }, i) => ({
        txId,
        accountId: moved[i]!.id,
        amount,
        balanceAfter: moved[i]!.balance,
      }))
      // Written while every row is still locked, so an account's newest entry stays its last.
      await q.insertEntries(trx, entries)
      posted(tx.kind)
      return { txId }
    },

    async postSelected(trx, tx) {
      const totals = await selectedTotals(trx, tx.users)
      const house = tx.house.map((line) => {
        if ('user' in line.account) throw new Error('postSelected takes house lines only')
        if (line.amount === 0n) throw new Error('a posting of zero records nothing')
        return { key: keyOf(line.account, shardOf(tx)), amount: line.amount }
      })
      for (const { key, amount } of house) {
        const currency = key.currency
        totals.set(currency, (totals.get(currency) ?? 0n) + amount)
      }
      for (const [currency, sum] of totals) {
        if (sum !== 0n) throw new Error(`selected postings in ${currency} sum to ${sum}, not 0`)
      }
      const now = deps.clock.now()
      const txId = await q.insertTransaction(trx, { ...tx, now })
      const lines = await moveSelected(trx, tx.users, { txId, now, postgres: onPostgres(trx) })
      // The house books last, as every posting locks them.
      const moved = await moveOneByOne(trx, house, now)
      await q.insertEntries(
        trx,
        house.map(({ amount }, i) => ({
          txId,
          accountId: moved[i]!.id,
          amount,
          balanceAfter: moved[i]!.balance,
        })),
      )
      if (lines + house.length < 2)
        throw new Error('a ledger transaction needs at least two postings')
      posted(tx.kind)
      return { txId }
    },

    async postAsOneStatement(db, tx, extra) {
      const lines = linesOf(tx)
      if (!onPostgres(db) || !distinctAccounts(lines)) {
        throw new Error('postAsOneStatement needs PostgreSQL and distinct accounts')
      }
      const written = await postInOneStatement(db, { ...tx, now: deps.clock.now() }, lines, extra)
      if (!written) return undefined
      if (written.businessId === null) throw new Error('the business step moved no row')
      posted(tx.kind)
      return { txId: written.txId, businessId: written.businessId }
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
