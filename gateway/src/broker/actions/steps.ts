import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import type { SplitOrders } from '../common/split-orders'
import type { Ledger, Posting } from '../ledger/index'
import type { NisaBook } from '../common/nisa-book'
import type { TaxBook } from '../common/tax-book'
import * as d from './dividends.sql'
import * as c from './split-credit.sql'
import * as s from './split.sql'
import type { SplitRow } from './split-row'
import { claimStep, recordStepRows } from './steps.sql'

export interface StepDeps {
  db: Kysely<Database>
  ledger: Ledger
  splitOrders: SplitOrders
  tax: TaxBook
  /** NISA's rooms: a reverse split's fraction of a NISA holding is sold for its cash in lieu. */
  nisa: NisaBook
}

type Events = { userId: bigint; event: UserEvent }[]

const house = (
  book: 'bank_clearing' | 'tax' | 'tax_local' | 'credit',
  currency: string,
  amount: bigint,
) => ({ account: { house: book, currency: currency as Currency }, amount }) satisfies Posting
/**
 * A user's fractions sold for cash in lieu, as the tax book takes a sale: cash holdings' against
 * the code's moving average (their rows apart for a foreign code's yen), credit positions' as their
 * own positions, the gain the cash less the fractions' share of what the positions cost.
 */
const fractionSale = (
  f: s.TaxableFraction,
  row: SplitRow,
  currency: string,
  at: { orderNo: string; txId: bigint; now: number },
) => ({
  userId: f.userId,
  code: row.code,
  currency,
  orderNo: at.orderNo,
  saleTxId: at.txId,
  shares: f.shares,
  proceeds: f.cash,
  fees: 0n,
  averaged: f.averaged,
  rowCost: f.cost,
  realised: f.cash - f.cost,
  at: at.now,
  splitDen: row.den,
  ...(f.averaged ? { splitRows: f.rows } : {}),
})
const nonZero = (lines: Posting[]) => lines.filter((l) => l.amount !== 0n)
const inIdOrder = (sellers: { userId: bigint }[]) =>
  [...new Set(sellers.map((f) => f.userId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/**
 * Each step of a corporate action is ONE SQL transaction that claims its done-marker first, so a
 * second pass, a restart or a new leader finds it done and writes nothing; every statement inside
 * is set-based over all the holders.
 */
export function createSteps(deps: StepDeps) {
  const { db, ledger } = deps

  /**
   * A split on its ex-date: resting orders, then holdings, then any cash in lieu. A reverse
   * split's fraction sold for it is a sale: a NISA holding's gives its book value back to the room,
   * a taxable cash holding's goes to the tax book (its share of the code's moving average), and so
   * does a credit position's (its own gain, MARKET-RULES.md §10): the year's net, any withholding
   * or refund posted here, in this transaction. A credit long's fraction is sold as a credit sale
   * is: its cash repays the fraction's share of the loan first (split-credit.sql.ts).
   */
  async function split(step: string, row: SplitRow, currency: string, now: number) {
    return db.transaction().execute(async (trx): Promise<Events> => {
      if (!(await claimStep(trx, step, now))) return []
      // Orders first: a sell that cannot follow is cancelled while its holding still rests on it.
      const events = await deps.splitOrders(trx, row, now)
      const rows = await s.writeSplits(trx, row)
      const nisaSold = await s.nisaFractions(trx, row)
      const taxSold = await s.taxableFractions(trx, row)
      const creditSold = await c.creditFractions(trx, row)
      await c.repayCreditFractions(trx, row)
      await s.moveSplitHoldings(trx, row, now)
      // The sellers in id order before any of their books, the order every sale takes them in.
      for (const userId of inIdOrder([...nisaSold, ...taxSold])) await deps.tax.hold(trx, userId)
      for (const sold of nisaSold) await deps.nisa.sold(trx, sold.userId, sold.cost, now)
      // Cash holdings' cash in lieu, then credit positions': each its own ledger transaction, so
      // a user holding both has two lines, each carrying its own sale's tax event.
      for (const credit of [false, true]) {
        const cash = await s.cashInLieuTotal(trx, row, credit)
        if (cash === 0n) continue
        const orderNo = newOrderNo('CA', now)
        const cashOut = [house('bank_clearing', currency, -cash)]
        // A credit long's cash in lieu repays its loan first, as a credit sale's proceeds do.
        const { txId } = await ledger.post(trx, {
          kind: 'split_cash',
          userId: null,
          orderNo,
          ...(credit
            ? { postings: [...cashOut, ...c.creditCashPostings(creditSold, currency)] }
            : { selected: s.cashInLieuLines(row, currency), postings: cashOut }),
        })
        for (const f of taxSold.filter((sold) => sold.averaged !== credit)) {
          await deps.tax.sold(trx, fractionSale(f, row, currency, { orderNo, txId, now }))
        }
      }
      await recordStepRows(trx, step, rows)
      return events
    })
  }

  /**
   * A dividend's holders of record, on its ex-date: longs expect it; an open short pays the
   * dividend equivalent now, added to what it owes as a borrow fee is (repaid at its cover), the
   * lender's cash through bank clearing.
   */
  async function record(step: string, row: d.DividendRow, now: number) {
    await db.transaction().execute(async (trx) => {
      if (!(await claimStep(trx, step, now))) return
      const longs = await d.recordLongs(trx, row, now)
      const shorts = await d.recordShorts(trx, row, now)
      if (shorts > 0) {
        await d.chargeShorts(trx, row)
        const owed = -(await d.totalsOf(trx, row.action, 'short', 'paid')).net
        await ledger.post(trx, {
          kind: 'dividend_adjustment',
          userId: null,
          orderNo: newOrderNo('CA', now),
          selected: d.shortLines(row.action),
          postings: [
            house('credit', row.currency, -2n * owed),
            house('bank_clearing', row.currency, owed),
          ],
        })
      }
      await recordStepRows(trx, step, longs + shorts)
    })
  }

  /**
   * A dividend's payment: each holder's Japanese tax set by their account's year (the tax book:
   * in 源泉徴収あり the dividend joins the year's netting), then every holder's net into `available`
   * as ONE posting; the issuer's cash less the foreign tax kept at source arrives through bank
   * clearing, Japan's tax goes to `tax` (national) and `tax_local` (local).
   */
  async function pay(step: string, action: string, currency: string, now: number) {
    return db.transaction().execute(async (trx): Promise<Events> => {
      if (!(await claimStep(trx, step, now))) return []
      const recordTax = await deps.tax.dividendsDue(trx, action, now)
      const t = await d.totalsOf(trx, action, 'long', 'expected')
      if (t.net > 0n) {
        const { txId } = await ledger.post(trx, {
          kind: 'dividend',
          userId: null,
          orderNo: newOrderNo('CA', now),
          selected: d.payLines(action),
          postings: nonZero([
            house('bank_clearing', currency, -(t.gross - t.foreign)),
            house('tax', currency, t.national),
            house('tax_local', currency, t.local),
          ]),
        })
        await recordTax(txId)
      }
      const paid = await d.markPaid(trx, action, now)
      await recordStepRows(trx, step, 1)
      return paid.map((row) => ({
        userId: row.user_id,
        event: {
          type: 'dividend:paid' as const,
          id: String(row.id),
          code: row.code,
          net: formatUnits(row.net),
          currency: row.currency,
        },
      }))
    })
  }

  return { split, record, pay }
}
