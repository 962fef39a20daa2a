import type { Currency } from '@kabu/shared/money/currencies'
import type { LedgerTxInput } from '../ledger/index'

/**
 * The ledger lines of follow products. The back office funds an issuer from the house's bank
 * clearing; a buy moves the principal from the user's `available` book to their `product` book;
 * each day's profit moves from the issuer's `available` book (which the ledger's CHECK keeps from
 * going negative) to the holder's `product` book; an end (the user's, after the lock-up, or the
 * deadline's) returns principal and profit to `available`.
 */
interface Order {
  userId: bigint
  orderNo: string
  currency: Currency
}

export function fundingTx(issuerId: bigint, orderNo: string, currency: Currency, amount: bigint) {
  return {
    kind: 'product_funding',
    userId: issuerId,
    orderNo,
    postings: [
      { account: { house: 'bank_clearing', currency }, amount: -amount },
      { account: { user: issuerId, book: 'available', currency }, amount },
    ],
  } satisfies LedgerTxInput
}

export function buyTx(o: Order, amount: bigint): LedgerTxInput {
  return {
    kind: 'product_buy',
    userId: o.userId,
    orderNo: o.orderNo,
    postings: [
      { account: { user: o.userId, book: 'available', currency: o.currency }, amount: -amount },
      { account: { user: o.userId, book: 'product', currency: o.currency }, amount },
    ],
  }
}

export function profitTx(o: Order, issuerId: bigint, amount: bigint): LedgerTxInput {
  return {
    kind: 'product_profit',
    userId: o.userId,
    orderNo: o.orderNo,
    postings: [
      { account: { user: issuerId, book: 'available', currency: o.currency }, amount: -amount },
      { account: { user: o.userId, book: 'product', currency: o.currency }, amount },
    ],
  }
}

/** `product_end` when the user ends it, `product_return` at the deadline. */
export function returnTx(o: Order, reason: 'user' | 'deadline', amount: bigint): LedgerTxInput {
  return {
    kind: reason === 'user' ? 'product_end' : 'product_return',
    userId: o.userId,
    orderNo: o.orderNo,
    postings: [
      { account: { user: o.userId, book: 'product', currency: o.currency }, amount: -amount },
      { account: { user: o.userId, book: 'available', currency: o.currency }, amount },
    ],
  }
}
