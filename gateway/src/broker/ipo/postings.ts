import type { Currency } from '@kabu/shared/money/currencies'
import type { Posting } from '../ledger/index'

/**
 * The ledger lines of new shares. An application holds its amount in the user's `frozen` book;
 * the draw returns what was not spent to `available` and, when winners pay at once, moves the
 * cost of the won shares to the house `bank_clearing` book, as a stock buy does (those lines are
 * a query, `drawLines` of draw.sql.ts, which the ledger posts in one set).
 */
export function freezePostings(userId: bigint, currency: Currency, amount: bigint): Posting[] {
  return [
    { account: { user: userId, book: 'available', currency }, amount: -amount },
    { account: { user: userId, book: 'frozen', currency }, amount },
  ]
}

export function payPostings(
  userId: bigint,
  currency: Currency,
  from: 'available' | 'frozen',
  cost: bigint,
): Posting[] {
  return [
    { account: { user: userId, book: from, currency }, amount: -cost },
    { account: { house: 'bank_clearing', currency }, amount: cost },
  ]
}

/**
 * One failed application's share of a withdrawal's single posting (上場中止): the amount still
 * frozen for the draw returns from `frozen`, the cost of shares already paid for comes back from
 * the house `bank_clearing` book; a win not paid yet held nothing, so it moves nothing.
 */
export function withdrawalLines(
  userId: bigint,
  currency: Currency,
  held: { frozen: bigint; paid: bigint },
): Posting[] {
  const lines: Posting[] = []
  if (held.frozen > 0n) {
    lines.push({ account: { user: userId, book: 'frozen', currency }, amount: -held.frozen })
  }
  const back = held.frozen + held.paid
  if (back > 0n)
    lines.push({ account: { user: userId, book: 'available', currency }, amount: back })
  return lines
}
