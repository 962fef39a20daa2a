import { withholdsAtSale } from '@kabu/shared/tax/tax-kind'
import { taxStep, type TaxStep } from '@kabu/shared/tax/withholding'
import type { DividendTax, ExpectedDividend } from './dividends.sql'
import type { NewTaxEvent, SaleState } from './tax.sql'

const NO_YEAR: SaleState['year'] = { net: 0n, national: 0n, local: 0n }

/**
 * Each holder's step of `year` for a dividend paid on one date, in memory: in 源泉徴収あり the
 * dividend joins the year's netting (配当受入: against a loss it is withheld less), and its row's
 * withholding and net are rewritten; in the other kinds it stays withheld at source as recorded,
 * outside the netting (the user files). Answers the rows to rewrite and every holder's event, its
 * `sale_tx_id` left for the payment's ledger transaction.
 *
 * Each event is one object literal: built by spreading a helper's object and adding the rest, the
 * loop took seconds for 100,000 holders (V8 makes such objects slow to build and to read).
 */
export function dividendSteps(
  rows: readonly ExpectedDividend[],
  years: ReadonlyMap<bigint, SaleState['year']>,
  year: number,
  now: number,
): { withheld: DividendTax[]; events: NewTaxEvent[] } {
  const withheld: DividendTax[] = []
  const events: NewTaxEvent[] = []
  const at = BigInt(now)
  for (const r of rows) {
    const held = years.get(r.userId) ?? NO_YEAR
    const before = { year, net: held.net, withheld: { national: held.national, local: held.local } }
    const amount = r.gross - r.withheldForeign
    let step: TaxStep
    if (withholdsAtSale(r.taxKind)) {
      step = taxStep(before, year, amount)
      const { national, local } = step.change
      withheld.push({ id: r.id, national, local, net: amount - national - local })
    } else {
      step = { after: before, change: { national: r.withheldNational, local: r.withheldLocal } }
    }
    events.push({
      user_id: r.userId,
      year,
      kind: 'dividend',
      at,
      trade_date: r.payDate,
      code: r.code,
      currency: r.currency,
      account: r.taxKind,
      shares: r.shares,
      gross: r.gross,
      foreign_tax: r.withheldForeign,
      fees: 0n,
      cost: 0n,
      gain: amount,
      national: step.change.national,
      local: step.change.local,
      year_net: step.after.net,
      year_national: step.after.withheld.national,
      year_local: step.after.withheld.local,
      basis_drift: 0n,
      sale_tx_id: null,
      tax_tx_id: null,
    })
  }
  return { withheld, events }
}
