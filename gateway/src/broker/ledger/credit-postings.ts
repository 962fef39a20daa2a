import type { Currency } from '@kabu/shared/money/currencies'
import type { Posting } from './postings'

/**
 * The ledger lines of stock credit. As the loans area's `loans` book does, the house's `credit`
 * book is the other side of both the cash lent and the debt recorded in the user's `credit` book,
 * so it holds −2 × everything owed and is back at 0 once every debt is repaid. Each function gives
 * the credit side; the caller adds the cash side (the buy's bank clearing, the sale's proceeds,
 * the frozen trust funds) and the ledger checks that the whole balances.
 */

/** Lending `debt` (a credit buy): the user owes it, the house has paid it out. */
export function lendPostings(userId: bigint, currency: Currency, debt: bigint): Posting[] {
  if (debt === 0n) return []
  return [
    { account: { user: userId, book: 'credit', currency }, amount: debt },
    { account: { house: 'credit', currency }, amount: -2n * debt },
  ]
}

/** Repaying `amount` of the debt: the caller's cash side brings the money in. */
export function repayCreditPostings(userId: bigint, currency: Currency, amount: bigint): Posting[] {
  if (amount === 0n) return []
  return [
    { account: { user: userId, book: 'credit', currency }, amount: -amount },
    { account: { house: 'credit', currency }, amount: 2n * amount },
  ]
}

/** A day's interest: added to what the user owes; the broker's income, in `fees`. */
export function interestPostings(userId: bigint, currency: Currency, interest: bigint): Posting[] {
  return [
    { account: { user: userId, book: 'credit', currency }, amount: interest },
    { account: { house: 'credit', currency }, amount: -2n * interest },
    { account: { house: 'fees', currency }, amount: interest },
  ]
}
