import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { coverSettlement } from '@kabu/shared/market/credit'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import {
  type LedgerTxInput,
  type Posting,
  lendPostings,
  repayCreditPostings,
} from '../ledger/index'
import { inTaxableAccount } from '../common/tax-book'
import { buyFee } from './fees'
import { taxableSale, type Settlement } from './settle'
import { costOf, type HoldingChange, type HoldingRow } from './trading.sql'

/**
 * The ledger side of a short sale (信用売建) and its buy-to-cover (買埋). The borrowed shares are
 * sold and their proceeds go to the lender as collateral, so they never rest in the house's bank:
 * opening moves only the user's margin (available → frozen) and the fees. Covering buys the shares
 * back with the collateral (bank clearing pays the cover and receives the proceeds back), releases
 * the margin, pays the borrow fees owed, and gives the user the rest; a loss beyond the collateral
 * stays owed in the `credit` book, as an unpaid credit buy's does.
 */

const user =
  (h: Pick<HoldingRow, 'user_id' | 'currency'>, book: 'available' | 'frozen') =>
  (amount: bigint): Posting => ({
    account: { user: h.user_id, book, currency: h.currency as Currency },
    amount,
  })
const house =
  (currency: string, book: 'bank_clearing' | 'fees') =>
  (amount: bigint): Posting => ({
    account: { house: book, currency: currency as Currency },
    amount,
  })
// A posting of zero records nothing and the ledger refuses it.
const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0n)

/** Opening a short: its margin held in frozen, its fees (and any stamp duty) paid. */
export function shortOpenPostings(
  h: Pick<HoldingRow, 'user_id' | 'currency'>,
  margin: bigint,
  fees: bigint,
): Posting[] {
  return nonZero([
    user(h, 'available')(-(margin + fees)),
    user(h, 'frozen')(margin),
    house(h.currency, 'fees')(fees),
  ])
}

/** What covering all of short `h` at `price` writes: the row's closing fields and the ledger's. */
export function coverOf(
  settings: Settlement['settings'],
  h: HoldingRow,
  price: bigint,
  now: number,
): { set: HoldingChange; tx: LedgerTxInput } {
  const proceeds = costOf(h)
  const cost = price * h.stock_num
  const fee = buyFee(settings, h.market as Market, cost)
  const collateral = { proceeds, held: h.frozen, owed: h.credit_debt }
  const { repaid, returned, shortfall } = coverSettlement(collateral, cost, fee)
  const currency = h.currency as Currency
  return {
    set: {
      status: HOLDING.closed,
      sell_price: price,
      sell_fee: fee,
      stamp_duty: 0n,
      realised: proceeds - cost - h.buy_fee - fee - h.credit_interest,
      sell_time: now,
      frozen: 0n,
      credit_debt: h.credit_debt - repaid + shortfall,
      call_deadline: null,
    },
    tx: {
      kind: 'credit_cover',
      userId: h.user_id,
      orderNo: h.order_no,
      postings: nonZero([
        house(h.currency, 'bank_clearing')(cost - proceeds),
        house(h.currency, 'fees')(fee),
        user(h, 'frozen')(-h.frozen),
        user(h, 'available')(returned),
        ...repayCreditPostings(h.user_id, currency, repaid),
        ...lendPostings(h.user_id, currency, shortfall),
      ]),
    },
  }
}

/**
 * Covers short `h` at `price`, only while it still is what was read (open, its shares, its fees
 * owed and its margin): a day's borrow fee or trust funds landing meanwhile make it false, and
 * nothing is written.
 */
export async function closeShort(
  { db, ledger, settings, tax }: Settlement,
  h: HoldingRow,
  price: bigint,
  now: number,
): Promise<boolean> {
  const { set, tx } = coverOf(settings, h, price, now)
  if (!(await coverRow(db, h, set))) return false
  const taxable = inTaxableAccount(h)
  if (taxable) await tax.hold(db, h.user_id)
  const { txId } = await ledger.post(db, tx)
  if (taxable) await tax.sold(db, { ...taxableSale(h, set, now), saleTxId: txId })
  return true
}

async function coverRow(db: Kysely<Database>, h: HoldingRow, set: HoldingChange) {
  const moved = await db
    .updateTable('holdings')
    .set(set)
    .where('id', '=', h.id)
    .where('side', '=', 'short')
    .where('status', '=', BigInt(HOLDING.holding))
    .where('stock_num', '=', h.stock_num)
    .where('credit_debt', '=', h.credit_debt)
    .where('frozen', '=', h.frozen)
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n
}
