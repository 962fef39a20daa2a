import type { Currency } from '@kabu/shared/money/currencies'
import type { LedgerKind } from '@kabu/shared/lines/index'
import type { LedgerTxInput, Posting } from '../ledger/index'

/**
 * The ledger lines of day trading. Applying holds the funds in `frozen`; approval moves them to the
 * user's `intraday` book, where every fill trades against the house's `bank_clearing` book (as a
 * stock order does) with its fee to `fees`; the settlement returns the book to `available`.
 */
interface Participation {
  userId: bigint
  orderNo: string
  currency: Currency
  funds: bigint
}

type Book = 'available' | 'frozen' | 'intraday'
const user = (p: { userId: bigint; currency: Currency }, book: Book, amount: bigint): Posting => ({
  account: { user: p.userId, book, currency: p.currency },
  amount,
})
// A posting of zero records nothing and the ledger refuses it.
const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0n)

const move = (kind: LedgerKind, p: Participation, from: Book, to: Book): LedgerTxInput => ({
  kind,
  userId: p.userId,
  orderNo: p.orderNo,
  postings: [user(p, from, -p.funds), user(p, to, p.funds)],
})

export const applyTx = (p: Participation) => move('daytrade_apply', p, 'available', 'frozen')
export const fundTx = (p: Participation) => move('daytrade_fund', p, 'frozen', 'intraday')
export const releaseTx = (p: Participation) => move('daytrade_release', p, 'frozen', 'available')

/** One fill: the value to or from the house, the fee to `fees`, the net in or out of `intraday`. */
export function fillTx(
  p: { userId: bigint; currency: Currency },
  orderNo: string,
  side: 'buy' | 'sell',
  value: bigint,
  fee: bigint,
): LedgerTxInput {
  const intraday = side === 'buy' ? -(value + fee) : value - fee
  return {
    kind: side === 'buy' ? 'daytrade_buy' : 'daytrade_sell',
    userId: p.userId,
    orderNo,
    postings: nonZero([
      user(p, 'intraday', intraday),
      {
        account: { house: 'bank_clearing', currency: p.currency },
        amount: side === 'buy' ? value : -value,
      },
      { account: { house: 'fees', currency: p.currency }, amount: fee },
    ]),
  }
}

/** What one participation's settlement moves (see settlementLines). */
export interface Settling {
  userId: bigint
  currency: Currency
  /** The intraday book before the forced close. */
  balance: bigint
  /** Cash the forced close brings in (sells of longs) less what it pays (buys of shorts). */
  proceeds: bigint
  fees: bigint
}

/**
 * One participation's settlement: its forced close and the return of the whole book in one go.
 * The book (balance + proceeds − fees) goes to `available`; a book that would end below zero
 * returns nothing and the house's `bank_clearing` takes the shortfall (a loss never exceeds the
 * funds). Returns the user's lines, the house's amounts to add up, and what was returned.
 */
export function settlementLines(s: Settling): {
  lines: Posting[]
  bank: bigint
  fees: bigint
  returned: bigint
} {
  const final = s.balance + s.proceeds - s.fees
  const returned = final > 0n ? final : 0n
  const shortfall = returned - final
  return {
    lines: nonZero([user(s, 'intraday', -s.balance), user(s, 'available', returned)]),
    bank: -s.proceeds - shortfall,
    fees: s.fees,
    returned,
  }
}
