import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'
import type { Database } from '../../store/index'
import type { NisaBook } from '../common/nisa-book'
import {
  type Ledger,
  type LedgerTxInput,
  type Posting,
  type UserBook,
  repayCreditPostings,
} from '../ledger/index'
import { inTaxableAccount, type PlannedTaxableSale, type TaxBook } from '../common/tax-book'
import { saleCharges } from './fees'
import { costOf, transition, type HoldingChange, type HoldingRow } from './trading.sql'

/**
 * The ledger side of sales (a buy's fill is order-settle.ts'). Cash for shares goes to the house `bank_clearing` book (the broker's
 * bank cash that settles with the exchange) and fees to `fees`. Every function runs inside the
 * caller's SQL transaction and returns false, writing nothing, when the holding has left the
 * status it expected (a cancel or another sell won the race).
 */
export interface Settlement {
  db: Kysely<Database>
  ledger: Ledger
  settings: TradingSettings
  /** A NISA buy's fill uses its growth frame, a NISA sale gives its book value back next year. */
  nisa: NisaBook
  /** The taxable account's books: a sale's gain and withholding, in the sale's transaction. */
  tax: TaxBook
}

const user = (h: HoldingRow, book: UserBook, amount: bigint): Posting => ({
  account: { user: h.user_id, book, currency: h.currency as Currency },
  amount,
})
const house = (h: HoldingRow, book: 'bank_clearing' | 'fees', amount: bigint): Posting => ({
  account: { house: book, currency: h.currency as Currency },
  amount,
})
// A posting of zero records nothing and the ledger refuses it.
const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0n)

/**
 * What selling all of `h` at `price` writes: the holding's closing fields, proceeds − fees in. A
 * credit position repays its debt from the proceeds first; what they cannot cover stays owed in
 * the user's `credit` book (and on the row), and its realised P/L counts the interest it paid.
 */
export function saleOf(
  settings: TradingSettings,
  h: HoldingRow,
  price: bigint,
  now: number,
): { set: HoldingChange; tx: LedgerTxInput } {
  const proceeds = price * h.stock_num
  const { fee, stampDuty } = saleCharges(settings, h.market as Market, proceeds)
  const fees = fee + stampDuty
  const net = proceeds - fees
  const repaid = h.credit_debt < net ? h.credit_debt : net > 0n ? net : 0n
  return {
    set: {
      status: HOLDING.closed,
      sell_price: price,
      sell_fee: fee,
      stamp_duty: stampDuty,
      realised: net - costOf(h) - h.buy_fee - h.credit_interest,
      sell_time: now,
      ...(h.credit_debt > 0n ? { credit_debt: h.credit_debt - repaid, call_deadline: null } : {}),
    },
    tx: {
      kind: h.credit_debt > 0n ? 'credit_sell' : 'trade_sell',
      userId: h.user_id,
      orderNo: h.order_no,
      postings: nonZero([
        house(h, 'bank_clearing', -proceeds),
        house(h, 'fees', fees),
        user(h, 'available', net - repaid),
        ...repayCreditPostings(h.user_id, h.currency as Currency, repaid),
      ]),
    },
  }
}

/**
 * Sells a holding (status `from`: holding, or a resting sell) at `price`. Only while the row
 * still has `h.stock_num` shares, the number the proceeds are computed from.
 */
export async function closeHolding(
  { db, ledger, settings, nisa, tax }: Settlement,
  h: HoldingRow,
  from: number,
  price: bigint,
  now: number,
): Promise<boolean> {
  const { set, tx } = saleOf(settings, h, price, now)
  // A credit position's debt is part of the sale's sums: only the debt they were made from.
  const debt = h.credit_debt > 0n ? h.credit_debt : undefined
  if (!(await transition(db, h.id, from, set, h.stock_num, debt))) return false
  const taxable = inTaxableAccount(h)
  if (taxable) await tax.hold(db, h.user_id)
  // Before the posting: the NISA book takes the user's lock first, as every NISA change does.
  if (h.account === 'nisa') await nisa.sold(db, h.user_id, costOf(h), now)
  const { txId } = await ledger.post(db, tx)
  if (taxable) await tax.sold(db, { ...taxableSale(h, set, now), saleTxId: txId })
  return true
}

/**
 * A closed sale as the tax sees it: a cash holding against the code's moving average, a credit
 * position (or a short, whose proceeds came first) as its own position, its realised P/L.
 */
export function taxableSale(h: HoldingRow, set: HoldingChange, now: number): PlannedTaxableSale {
  const realised = set.realised ?? 0n
  const averaged = h.side === 'long' && h.leverage === 1n
  const short = h.side === 'short'
  const price = set.sell_price ?? 0n
  // A short sold first: its proceeds are the row's cost, its cost the cover's price.
  const proceeds = short ? costOf(h) : price * h.stock_num
  const cost = short ? price * h.stock_num : costOf(h) + h.buy_fee
  return {
    userId: h.user_id,
    code: h.code,
    currency: h.currency,
    orderNo: h.order_no,
    shares: h.stock_num,
    proceeds,
    fees: averaged ? (set.sell_fee ?? 0n) + (set.stamp_duty ?? 0n) : proceeds - cost - realised,
    averaged,
    rowCost: cost,
    realised,
    at: now,
    boughtAt: Number(h.buy_time ?? h.created_at),
    boughtBy: h.bought_by ?? h.id,
  }
}
