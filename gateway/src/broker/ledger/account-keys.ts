import { randomInt } from 'node:crypto'
import type { AccountRef } from './postings'
import * as q from './ledger.sql'

// How a posting's accounts are named and ordered: the house book's shard, each line's account
// key, and the one lock order every posting takes its rows in.

/**
 * How many rows each house book has per currency. Every order moves bank_clearing and fees; with
 * one row each, concurrent orders queued on its lock until commit. Readers sum the shards, so the
 * number can change without a migration.
 */
export const HOUSE_SHARDS = 16n

/**
 * The transaction's house shard: by user, so one user's orders (which queue on that user's own
 * books anyway) share a shard and different users rarely meet; any shard when there is no user.
 */
export const shardOf = (tx: { userId: bigint | null }) =>
  tx.userId === null ? BigInt(randomInt(Number(HOUSE_SHARDS))) : tx.userId % HOUSE_SHARDS

export function keyOf(ref: AccountRef, shard: bigint): q.AccountKey {
  return 'user' in ref
    ? { userId: ref.user, book: ref.book, currency: ref.currency, shard: 0n }
    : { userId: null, book: ref.house, currency: ref.currency, shard }
}

export const isHouse = (key: q.AccountKey) => key.userId === null

const sameAccount = (a: q.AccountKey, b: q.AccountKey) =>
  a.userId === b.userId && a.book === b.book && a.currency === b.currency && a.shard === b.shard

/**
 * Whether the lines name distinct accounts. They come sorted by `lockOrder` (linesOf), a total
 * order in which one account's lines sit side by side, so neighbours tell (no text key and set
 * of every line: a draw's 200,000 lines made that a quarter of a second).
 */
export const distinctAccounts = (lines: readonly { key: q.AccountKey }[]) =>
  lines.every((line, i) => i === 0 || !sameAccount(lines[i - 1]!.key, line.key))

/**
 * The order rows are locked in: users' books (by user, then name), then house books by name. One global order,
 * so two transactions queue behind each other on PostgreSQL instead of deadlocking (as long as a
 * transaction posts once, which every caller does). Houses last: every order moves the same few
 * house rows, so a user debit that overdraws is refused before any is held, and they are held
 * only for the end of the transaction.
 */
export function lockOrder(a: q.AccountKey, b: q.AccountKey): number {
  if (isHouse(a) !== isHouse(b)) return isHouse(a) ? 1 : -1
  // By user as a number, as the bulk path's ORDER BY user_id locks them (bulk.sql.ts).
  if (a.userId !== b.userId && a.userId !== null && b.userId !== null) {
    return a.userId < b.userId ? -1 : 1
  }
  const [x, y] = [q.keyText(a), q.keyText(b)]
  return x < y ? -1 : x > y ? 1 : 0
}

/** A line of a transaction: the account by name and the signed amount. */
export type Line = { key: q.AccountKey; amount: bigint }
