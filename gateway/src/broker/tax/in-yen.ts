import type { Kysely } from 'kysely'
import { isCurrency, type Currency } from '@kabu/shared/money/currencies'
import { coveringYen, inYen } from '@kabu/shared/tax/foreign-sale'
import type { TaxParts } from '@kabu/shared/tax/withholding'
import type { FxSource } from '../../market/fx'
import type { Database } from '../../store/index'
import type { PlannedTaxableSale } from '../common/tax-book'
import type { Ledger, Posting } from '../ledger/index'
import { fillsOf, openRows, type SaleState } from './tax.sql'

/** The year's netting runs in yen; a foreign listing's sale joins it converted (inYen). */
export const NETTED_CURRENCY: Currency = 'JPY'

/**
 * A sale and the code's basis as the year nets them, in yen; `rate` the sale's (null: a yen sale).
 *
 * The rule this app runs (MARKET-RULES.md §10, the TTM analogue being the FX source's mid rate):
 * proceeds and fees at the rate of the sale's instant; each open row's cost, and the sold row's, at
 * the rate of its own buy instant (`buy_time`, else when it was written), recomputed from the FX
 * source (`rateAt`) rather than stored. Why not a stored yen cost: every path that writes or splits
 * a holding (buys in one statement, fills, partial sells, splits, block and IPO allotments) would
 * have to carry it, and a row's buy instant is already kept by all of them. A buy filled in parts
 * at several instants (a dated buy filled over several days) converts fill by fill instead: its
 * order's fills (`order_fills`, found through the row's id or, on a row split off, `bought_by`),
 * each at its own instant's rate, the row taking its share of their yen by its cost. A reverse
 * split's fraction of cash rows takes what leaves each row's yen (its yen before less its yen
 * after, `splitRows`), so it is averaged over the rows' yen as they were, not at one instant. A
 * credit position or a short is its own position: its realised P/L at the sale's rate. The drift
 * of the code's average is kept in yen, so the average needs no old rate again.
 */
export async function saleInYen(
  db: Kysely<Database>,
  fx: FxSource,
  state: SaleState,
  sale: PlannedTaxableSale,
): Promise<InYen> {
  if (sale.currency === NETTED_CURRENCY) return { state, sale, rate: null }
  return converted(db, fx, state, sale, sale.averaged ? await openRows(db, sale) : [])
}

/**
 * saleInYen for a sale planned ahead of its one statement (a whole market sell), read while its
 * row is still open: that row (its cost and buy instant) is left out of the basis, as `sold` would
 * read it once closed; every row is converted apart, so leaving one out is exact. `state` is the
 * native read less the sold row. Null when the rows read do not add up to it (moved in between):
 * the sale then takes its transaction.
 */
export async function plannedInYen(
  db: Kysely<Database>,
  fx: FxSource,
  state: SaleState,
  sale: PlannedTaxableSale,
): Promise<InYen | null> {
  if (sale.currency === NETTED_CURRENCY || !sale.averaged) return saleInYen(db, fx, state, sale)
  const rows = await openRows(db, sale)
  const bought = sale.boughtAt ?? sale.at
  const at = rows.findIndex((r) => r.cost === sale.rowCost && r.at === bought)
  const others = rows.filter((_, i) => i !== at)
  const cost = others.reduce((sum, r) => sum + r.cost, 0n)
  if (at < 0 || cost !== state.cost) return null
  return converted(db, fx, state, sale, others)
}

interface InYen {
  state: SaleState
  sale: PlannedTaxableSale
  /** The sale's rate, yen per unit of its currency; null for a yen sale. */
  rate: string | null
}

async function converted(
  db: Kysely<Database>,
  fx: FxSource,
  state: SaleState,
  sale: PlannedTaxableSale,
  rows: Row[],
): Promise<InYen> {
  const currency = currencyOf(sale.currency)
  const rateAt = (at: number) => fx.rateAt(currency, NETTED_CURRENCY, at)
  const rate = rateAt(sale.at)
  const sold: Row = { cost: sale.rowCost, at: sale.boughtAt ?? sale.at, order: sale.boughtBy }
  // A split's fraction: each row's yen before less its yen after, so that the basis it is averaged
  // in is the rows' yen as they were (the rows kept are read after the split, at their own rates).
  const parts = (sale.splitRows ?? []).map((r) => ({
    before: { cost: r.cost, at: r.at, order: r.order },
    after: { cost: r.cost - r.taken, at: r.at, order: r.order },
  }))
  const read = sale.averaged ? [...rows, sold, ...parts.map((p) => p.before)] : rows
  const costInYen = await costsInYen(db, rateAt, read)
  const rowCost = sale.splitRows
    ? parts.reduce((sum, p) => sum + costInYen(p.before) - costInYen(p.after), 0n)
    : costInYen(sold)
  return {
    state: { ...state, cost: rows.reduce((sum, r) => sum + costInYen(r), 0n) },
    sale: {
      ...sale,
      proceeds: inYen(sale.proceeds, rate),
      fees: inYen(sale.fees, rate),
      rowCost,
      realised: inYen(sale.realised, rate),
    },
    rate,
  }
}

/** A row of the basis: what it cost with its fee, when it was bought, by which buy order. */
interface Row {
  cost: bigint
  at: number
  order?: bigint | undefined
}

/**
 * What each of `rows` cost in yen: at its buy instant's rate, or, when its order filled at more
 * than one instant, its share by cost of the order's fills each converted at its own instant's
 * rate (half up to the unit; a row holding the whole order takes exactly their sum).
 */
async function costsInYen(
  db: Kysely<Database>,
  rateAt: (at: number) => string,
  rows: readonly Row[],
): Promise<(row: Row) => bigint> {
  const orders = rows.flatMap((r) => (r.order === undefined ? [] : [r.order]))
  const byOrder = new Map<bigint, { yen: bigint; cost: bigint; at: Set<number> }>()
  for (const f of await fillsOf(db, orders)) {
    const o = byOrder.get(f.order) ?? { yen: 0n, cost: 0n, at: new Set<number>() }
    o.yen += inYen(f.cost, rateAt(f.at))
    o.cost += f.cost
    o.at.add(f.at)
    byOrder.set(f.order, o)
  }
  return (row) => {
    const o = row.order === undefined ? undefined : byOrder.get(row.order)
    if (!o || o.at.size < 2 || o.cost <= 0n) return inYen(row.cost, rateAt(row.at))
    return (2n * row.cost * o.yen + o.cost) / (2n * o.cost)
  }
}

/** `text` as a currency this app knows; an unknown one is a bug upstream. */
export function currencyOf(text: string): Currency {
  if (!isCurrency(text)) throw new Error(`an unknown currency: ${text}`)
  return text
}

/**
 * The posting of a withholding (positive change) or a refund (negative), national and local apart.
 * A foreign sale's withholding is taken in its own currency at its rate, each part rounded up to
 * the currency's minor unit (coveringYen: never short of the yen due; the user may hold no yen and
 * a sale is never refused for it) into the house's tax books of that currency. A refund is always
 * paid in yen: the year's figures are yen, and what it gives back is the yen the year no longer owes.
 */
export function taxPosting(
  sale: Pick<PlannedTaxableSale, 'userId' | 'orderNo' | 'currency'>,
  change: TaxParts,
  rate: string | null,
): Parameters<Ledger['post']>[1] {
  const withheld = change.national + change.local > 0n
  const inSale = withheld && rate !== null
  const currency = inSale ? currencyOf(sale.currency) : NETTED_CURRENCY
  const amount = (yen: bigint) => (inSale ? coveringYen(yen, rate, currency) : yen)
  const national = amount(change.national)
  const local = amount(change.local)
  const lines: Posting[] = [
    { account: { user: sale.userId, book: 'available', currency }, amount: -(national + local) },
    { account: { house: 'tax', currency }, amount: national },
    { account: { house: 'tax_local', currency }, amount: local },
  ]
  return {
    kind: withheld ? 'tax_withheld' : 'tax_refund',
    userId: sale.userId,
    orderNo: sale.orderNo,
    postings: lines.filter((l) => l.amount !== 0n),
  }
}
