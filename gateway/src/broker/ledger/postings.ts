import { isCurrency } from '@kabu/shared/money/currencies'
import type { Posting } from './index'

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
