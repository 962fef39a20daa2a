import type { Kysely } from 'kysely'
import { localDate } from '@kabu/shared/market/time-zone'
import { sold as soldAtAverage } from '@kabu/shared/tax/moving-average'
import { withholdsAtSale, type TaxKind } from '@kabu/shared/tax/tax-kind'
import { taxStep, type TaxStep, type TaxYear } from '@kabu/shared/tax/withholding'
import type { FxSource } from '../../market/fx'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import {
  inTaxableAccount,
  type PlannedTaxableSale,
  type TaxableSale,
  type TaxBook,
} from '../common/tax-book'
import { dividendSteps } from './dividend-steps'
import { currencyOf, NETTED_CURRENCY, plannedInYen, saleInYen, taxPosting } from './in-yen'
import { expectedHolders, insertEvents, writeDividendTax } from './dividends.sql'
import {
  eventAfterTx,
  insertEvent,
  holdTaxYears,
  saleGate,
  saleState,
  yearsOf,
  type NewTaxEvent,
  type SaleState,
} from './tax.sql'

/** The Tokyo calendar year and date of `at`: the app settles at the fill, so also the settlement's. */
export function taxDateOf(at: number): { year: number; date: string } {
  const date = localDate('jp', at)
  return { year: Number(date.slice(0, 4)), date }
}

/**
 * One event's step of the year in an account of `kind`: in 源泉徴収あり the account then holds
 * exactly the tax due on the year's net (taxStep: a rise withheld, a fall refunded); in the others
 * the net moves and nothing is withheld.
 */
export function stepIn(kind: TaxKind, before: TaxYear, year: number, gain: bigint): TaxStep {
  if (withholdsAtSale(kind)) return taxStep(before, year, gain)
  const from = before.year === year ? before : { ...before, net: 0n }
  return {
    after: { year, net: from.net + gain, withheld: from.withheld },
    change: { national: 0n, local: 0n },
  }
}

const yearOf = (year: number, s: SaleState['year']): TaxYear => ({
  year,
  net: s.net,
  withheld: { national: s.national, local: s.local },
})

/**
 * A sale's cost by the moving average of the code's cash holdings in the account: its open rows'
 * cost (this one's included) plus the drift its past sales left, at the average per share. The
 * drift after is what this sale took at the average instead of its row's own cost. A split's
 * fraction counts in old shares: the shares held now are `splitDen` old ones each.
 */
export function averageCost(
  state: Pick<SaleState, 'shares' | 'cost' | 'drift'>,
  sale: Pick<TaxableSale, 'shares' | 'rowCost' | 'splitDen'>,
): { cost: bigint; drift: bigint } {
  const basis = {
    shares: state.shares * (sale.splitDen ?? 1n) + sale.shares,
    cost: state.cost + sale.rowCost + state.drift,
  }
  const cost = soldAtAverage(basis, sale.shares).cost
  return { cost, drift: state.drift + sale.rowCost - cost }
}

/**
 * The taxable account's books (MARKET-RULES.md §10), given to trading and corporate actions as
 * their TaxBook. A sale reads one statement (saleState), may post one ledger transaction (its
 * withholding or refund) and writes one row: its event, carrying the year and the code's average as
 * it leaves them, so the next sale reads them back from the latest rows.
 */
export function createTaxBook(deps: { ledger: Ledger; fx: FxSource }): TaxBook {
  const { ledger, fx } = deps

  /** A sale in any currency, netted in yen (in-yen.ts: a foreign one at its instants' rates). */
  async function sold(trx: Kysely<Database>, told: TaxableSale): Promise<void> {
    const { year, date } = taxDateOf(told.at)
    const read = await saleState(trx, { userId: told.userId, code: told.code, year })
    const { state, sale, rate } = await saleInYen(trx, fx, read, told)
    const figures = saleFigures(state, sale, year)
    const taxTx =
      figures.change.national !== 0n || figures.change.local !== 0n
        ? await ledger.post(trx, taxPosting(sale, figures.change, rate))
        : undefined
    await insertEvent(trx, {
      ...saleEvent(sale, year, date, state.kind, figures),
      fx_rate: rate,
      sale_tx_id: told.saleTxId,
      tax_tx_id: taxTx?.txId ?? null,
    } satisfies NewTaxEvent)
  }

  /**
   * A sale's tax ahead of its one PostgreSQL statement: read while the sold row is still open,
   * its event written after the sale's header under a gate that the read still stands. Undefined
   * when it withholds or refunds: that is a ledger transaction of its own, which the one
   * statement cannot post, so such a sale takes its SQL transaction and `sold`; a foreign one
   * that does neither is planned in yen like `sold` (plannedInYen).
   */
  async function planSale(db: Kysely<Database>, told: PlannedTaxableSale) {
    const { year, date } = taxDateOf(told.at)
    const read = await saleState(db, { userId: told.userId, code: told.code, year })
    // `sold` reads once the row has closed: the code's other open rows, not this one. A row not
    // open as read (sold meanwhile) is the transaction's to refuse.
    if (told.averaged && read.shares < told.shares) return undefined
    const native = told.averaged
      ? { ...read, shares: read.shares - told.shares, cost: read.cost - told.rowCost }
      : read
    const planned = await plannedInYen(db, fx, native, told)
    if (!planned) return undefined
    const { state, sale, rate } = planned
    const figures = saleFigures(state, sale, year)
    if (figures.change.national !== 0n || figures.change.local !== 0n) return undefined
    const event = {
      ...saleEvent(sale, year, date, state.kind, figures),
      ...(rate === null ? {} : { fx_rate: rate }),
      tax_tx_id: null,
    }
    return { gate: saleGate(db, told, read), afterTx: eventAfterTx(event) }
  }

  /**
   * Set-based over the holders (100,000 of them took a read, an update and an insert each): their
   * kinds read with their rows, their years 5,000 at a time, every step computed in memory, the
   * rows' withholding written by bulk UPDATEs and the events by multi-row INSERTs.
   */
  async function dividendsDue(trx: Kysely<Database>, action: string, now: number) {
    const rows = await expectedHolders(trx, action)
    // NISA's rows keep what was recorded: no Japanese tax, a foreign one's tax at source only.
    const netted = rows.filter(inTaxableAccount)
    const first = netted[0]
    if (!first) return () => Promise.resolve()
    // A foreign dividend joins in yen at the payment's rate, as a foreign sale at its own.
    const currency = currencyOf(first.currency)
    const rate =
      currency === NETTED_CURRENCY
        ? null
        : { currency, rate: fx.rateAt(currency, NETTED_CURRENCY, now) }
    // Every holder of an action is paid on one date: its Tokyo year is the dividend's.
    const year = Number(first.payDate.slice(0, 4))
    const holders = netted.map((r) => r.userId)
    // Users in id order, before any of their books: the order every sale takes them in too.
    await holdTaxYears(trx, holders)
    const years = await yearsOf(trx, holders, year)
    const { withheld, events } = dividendSteps(netted, years, year, now, rate)
    await writeDividendTax(trx, withheld)
    return async (paymentTxId: bigint) => {
      for (const e of events) e.sale_tx_id = paymentTxId
      await insertEvents(trx, events)
    }
  }

  const hold = (trx: Kysely<Database>, userId: bigint) => holdTaxYears(trx, [userId])
  return { hold, sold, planSale, dividendsDue }
}

/** A sale's cost by the average (or its own), its gain and the year's step it makes. */
function saleFigures(state: SaleState, sale: PlannedTaxableSale, year: number) {
  const { cost, drift } = sale.averaged
    ? averageCost(state, sale)
    : { cost: sale.proceeds - sale.fees - sale.realised, drift: state.drift }
  const gain = sale.proceeds - sale.fees - cost
  return { cost, drift, gain, ...stepIn(state.kind, yearOf(year, state.year), year, gain) }
}

/** A sale's event but for the ledger transactions it points at. */
function saleEvent(
  sale: PlannedTaxableSale,
  year: number,
  date: string,
  kind: TaxKind,
  f: ReturnType<typeof saleFigures>,
) {
  return {
    ...eventOf(sale.userId, year, date, sale.at, kind, f.after, f.change),
    kind: 'sale' as const,
    code: sale.code,
    currency: sale.currency,
    shares: sale.shares,
    gross: sale.proceeds,
    foreign_tax: 0n,
    fees: sale.fees,
    cost: f.cost,
    gain: f.gain,
    basis_drift: f.drift,
  }
}

/** The columns every event shares: who, when, the account's kind and the year it leaves. */
function eventOf(
  userId: bigint,
  year: number,
  date: string,
  at: number,
  kind: TaxKind,
  after: TaxYear,
  change: TaxStep['change'],
) {
  return {
    user_id: userId,
    year,
    trade_date: date,
    at: BigInt(at),
    account: kind,
    national: change.national,
    local: change.local,
    year_net: after.net,
    year_national: after.withheld.national,
    year_local: after.withheld.local,
  }
}
