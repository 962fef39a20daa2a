import type { WireTaxLine, WireTaxSummary } from '@kabu/shared/api/tax'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TaxKind } from '@kabu/shared/tax/tax-kind'
import type { TaxEventRow } from './tax.sql'

/** A year's totals from its events, in units: what the summary and the annual report both show. */
export interface YearTotals {
  gains: bigint
  losses: bigint
  dividends: bigint
  net: bigint
  withheldNational: bigint
  withheldLocal: bigint
  /** National and local refunded, each a positive figure. */
  refundedNational: bigint
  refundedLocal: bigint
}

export function totalsOf(events: readonly TaxEventRow[]): YearTotals {
  const t: YearTotals = {
    gains: 0n,
    losses: 0n,
    dividends: 0n,
    net: 0n,
    withheldNational: 0n,
    withheldLocal: 0n,
    refundedNational: 0n,
    refundedLocal: 0n,
  }
  for (const e of events) {
    if (e.kind === 'dividend') t.dividends += e.gain
    else if (e.gain >= 0n) t.gains += e.gain
    else t.losses -= e.gain
    if (e.national >= 0n) t.withheldNational += e.national
    else t.refundedNational -= e.national
    if (e.local >= 0n) t.withheldLocal += e.local
    else t.refundedLocal -= e.local
  }
  t.net = t.gains - t.losses + t.dividends
  return t
}

/** What one event shows in the summary's lines: a sale whose loss refunded tax is a `refund`. */
export function lineOf(e: TaxEventRow): WireTaxLine {
  const tax = e.national + e.local
  return {
    at: Number(e.at),
    kind: e.kind === 'dividend' ? 'dividend' : tax < 0n ? 'refund' : 'sale',
    code: e.code,
    amount: formatUnits(e.gain),
    tax: formatUnits(tax),
  }
}

/** `/user/taxSummary` (API.md): the year's figures of the taxable account and its lines. */
export function summaryOf(
  year: number,
  account: TaxKind,
  events: readonly TaxEventRow[],
): WireTaxSummary {
  const t = totalsOf(events)
  return {
    year,
    account,
    gains: formatUnits(t.gains),
    losses: formatUnits(t.losses),
    dividends: formatUnits(t.dividends),
    net: formatUnits(t.net),
    withheld_national: formatUnits(t.withheldNational),
    withheld_local: formatUnits(t.withheldLocal),
    refunded: formatUnits(t.refundedNational + t.refundedLocal),
    lines: events.map(lineOf),
  }
}
