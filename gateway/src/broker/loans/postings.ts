import type { Currency } from '@kabu/shared/money/currencies'
import type { Posting } from '../ledger/index'

/**
 * The ledger lines of a loan. The house `loans` book is the other side of both the cash paid out
 * and the debt recorded in the user's `borrowed` book, so it holds −2 × the principal owed and is
 * back at 0 once every loan is repaid; interest is the broker's income, in `fees`.
 */
export function payOutPostings(userId: bigint, currency: Currency, principal: bigint): Posting[] {
  return [
    { account: { user: userId, book: 'available', currency }, amount: principal },
    { account: { user: userId, book: 'borrowed', currency }, amount: principal },
    { account: { house: 'loans', currency }, amount: -2n * principal },
  ]
}

export function repayPostings(
  userId: bigint,
  currency: Currency,
  principal: bigint,
  interest: bigint,
): Posting[] {
  const lines: Posting[] = [
    { account: { user: userId, book: 'available', currency }, amount: -(principal + interest) },
    { account: { user: userId, book: 'borrowed', currency }, amount: -principal },
    { account: { house: 'loans', currency }, amount: 2n * principal },
  ]
  // A rate of 0 leaves no interest, and the ledger records no zero lines.
  if (interest > 0n) lines.push({ account: { house: 'fees', currency }, amount: interest })
  return lines
}
