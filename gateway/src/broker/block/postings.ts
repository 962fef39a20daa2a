import type { Currency } from '@kabu/shared/money/currencies'
import type { LedgerTxInput, Posting } from '../ledger/index'

/**
 * The ledger lines of a block request. Asking freezes price × shares; approving pays the
 * allocated shares' cost to the house `bank_clearing` book (as a filled buy does) and returns the
 * rest of the frozen cash; rejecting returns all of it. Block buys carry no fee (as at Japanese
 * brokers, where the seller pays for a 立会外分売).
 */
interface Request {
  userId: bigint
  orderNo: string
  currency: Currency
  amount: bigint
}

const cash = (r: Request, book: 'available' | 'frozen', amount: bigint): Posting => ({
  account: { user: r.userId, book, currency: r.currency },
  amount,
})
const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0n)

export function freezeTx(r: Request): LedgerTxInput {
  return {
    kind: 'block_freeze',
    userId: r.userId,
    orderNo: r.orderNo,
    postings: [cash(r, 'available', -r.amount), cash(r, 'frozen', r.amount)],
  }
}

export function buyTx(r: Request, cost: bigint): LedgerTxInput {
  return {
    kind: 'block_buy',
    userId: r.userId,
    orderNo: r.orderNo,
    postings: nonZero([
      cash(r, 'frozen', -r.amount),
      { account: { house: 'bank_clearing', currency: r.currency }, amount: cost },
      cash(r, 'available', r.amount - cost),
    ]),
  }
}

export function releaseTx(r: Request): LedgerTxInput {
  return {
    kind: 'block_release',
    userId: r.userId,
    orderNo: r.orderNo,
    postings: [cash(r, 'frozen', -r.amount), cash(r, 'available', r.amount)],
  }
}
