import { ANNUAL_REPORT_COLUMNS } from '@kabu/shared/api/tax'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { TaxKind } from '@kabu/shared/tax/tax-kind'
import { REPORT_LABELS, type ReportLang } from './report-labels'
import { totalsOf } from './summary'
import type { TaxEventRow } from './tax.sql'

type Column = (typeof ANNUAL_REPORT_COLUMNS)[number]
export type ReportRow = Record<Column, string>

const money = (units: bigint) => formatUnits(units)
const nameOf = (code: string, lang: ReportLang) => {
  const name = listingByCode(code)?.name
  if (!name) return ''
  return lang === 'zh-CN' ? name.zh : name[lang]
}

/**
 * The 年間取引報告書's rows (MARKET-RULES.md §10): each sale (its proceeds, fees, moving-average
 * cost, gain and the tax it withheld or, negative, refunded), each dividend (gross, foreign,
 * national, local, received), then the totals, the tax withheld and the tax refunded.
 */
export function reportRows(
  events: readonly TaxEventRow[],
  account: TaxKind,
  lang: ReportLang,
): ReportRow[] {
  const blank = Object.fromEntries(ANNUAL_REPORT_COLUMNS.map((c) => [c, ''])) as ReportRow
  const rows: ReportRow[] = []
  const sales = events.filter((e) => e.kind === 'sale')
  const dividends = events.filter((e) => e.kind === 'dividend')
  const base = (e: TaxEventRow) => ({
    ...blank,
    date: e.trade_date,
    code: e.code,
    name: nameOf(e.code, lang),
    shares: String(e.shares),
    withheld_national: money(e.national),
    withheld_local: money(e.local),
    account: e.account,
  })
  for (const e of sales) {
    rows.push({
      ...base(e),
      type: 'sale',
      proceeds: money(e.gross),
      fees: money(e.fees),
      cost: money(e.cost),
      gain: money(e.gain),
    })
  }
  for (const e of dividends) {
    const net = e.gross - e.foreign_tax - e.national - e.local
    rows.push({
      ...base(e),
      type: 'dividend',
      gross: money(e.gross),
      withheld_foreign: money(e.foreign_tax),
      net: money(net),
    })
  }
  const sum = (list: readonly TaxEventRow[], f: (e: TaxEventRow) => bigint) =>
    list.reduce((s, e) => s + f(e), 0n)
  const t = totalsOf(events)
  rows.push({
    ...blank,
    type: 'total',
    proceeds: money(sum(sales, (e) => e.gross)),
    fees: money(sum(sales, (e) => e.fees)),
    cost: money(sum(sales, (e) => e.cost)),
    gain: money(sum(sales, (e) => e.gain)),
    gross: money(sum(dividends, (e) => e.gross)),
    withheld_foreign: money(sum(dividends, (e) => e.foreign_tax)),
    withheld_national: money(t.withheldNational - t.refundedNational),
    withheld_local: money(t.withheldLocal - t.refundedLocal),
    net: money(sum(dividends, (e) => e.gross - e.foreign_tax - e.national - e.local)),
    account,
  })
  rows.push({
    ...blank,
    type: 'withheld',
    withheld_national: money(t.withheldNational),
    withheld_local: money(t.withheldLocal),
    account,
  })
  rows.push({
    ...blank,
    type: 'refunded',
    withheld_national: money(t.refundedNational),
    withheld_local: money(t.refundedLocal),
    account,
  })
  return rows
}

// Quoted when it holds a comma, a quote or a line break (RFC 4180); a leading formula sign is
// defused as the ledger export does, numbers left alone.
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The rows as CSV: UTF-8 without a BOM, the wire's column names as its header row. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = [ANNUAL_REPORT_COLUMNS.join(',')]
  for (const r of rows) lines.push(ANNUAL_REPORT_COLUMNS.map((c) => field(r[c])).join(','))
  return `${lines.join('\r\n')}\r\n`
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * An amount as the printed page shows it: grouped in thousands (54,080), exact; the CSV keeps the
 * wire's plain decimals for a spreadsheet to read.
 */
const grouped = (value: string) => {
  const units = parseUnits(value, { signed: true })
  return units === null ? value : formatAmount(units, 'JPY')
}

/**
 * A table of the page: the columns from `firstNumber` on are figures, grouped and set right so
 * their digits line up (the tax table's start at its second column, the others' at the shares).
 */
function table(
  headers: string[],
  body: string[][],
  empty: string,
  testId: string,
  firstNumber = 3,
): string {
  const th = (h: string, i: number) =>
    `<th${i >= firstNumber ? ' class="n"' : ''}>${escape(h)}</th>`
  const head = `<tr>${headers.map(th).join('')}</tr>`
  const cell = (v: string, i: number) =>
    i >= firstNumber ? `<td class="n">${escape(grouped(v))}</td>` : `<td>${escape(v)}</td>`
  const rows = body.length
    ? body.map((r) => `<tr>${r.map(cell).join('')}</tr>`)
    : [`<tr><td colspan="${headers.length}">${escape(empty)}</td></tr>`]
  return `<table data-testid="${testId}"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`
}

/**
 * The rows as a printable page: A4, print CSS and no script, so a browser's print to PDF gives the
 * report (the app's report screen shows it and offers the print).
 */
export function reportHtml(
  rows: readonly ReportRow[],
  meta: { year: number; account: TaxKind; holder: string; lang: ReportLang },
): string {
  const l = REPORT_LABELS[meta.lang]
  const of = (type: string) => rows.filter((r) => r.type === type)
  const total = of('total')[0]
  const sales = table(
    [l.date, l.code, l.name, l.shares, l.proceeds, l.fees, l.cost, l.gain, l.national, l.local],
    of('sale').map((r) => [
      r.date,
      r.code,
      r.name,
      r.shares,
      r.proceeds,
      r.fees,
      r.cost,
      r.gain,
      r.withheld_national,
      r.withheld_local,
    ]),
    l.none,
    'report-sales',
  )
  const dividends = table(
    [l.date, l.code, l.name, l.shares, l.gross, l.foreign, l.national, l.local, l.net],
    of('dividend').map((r) => [
      r.date,
      r.code,
      r.name,
      r.shares,
      r.gross,
      r.withheld_foreign,
      r.withheld_national,
      r.withheld_local,
      r.net,
    ]),
    l.none,
    'report-dividends',
  )
  const taxRows = (['withheld', 'refunded', 'total'] as const).map((type) => {
    const r = of(type)[0]
    return [l[type], r?.withheld_national ?? '0', r?.withheld_local ?? '0']
  })
  const tax = table(['', l.national, l.local], taxRows, l.none, 'report-tax', 1)
  const gains = total
    ? `<p data-testid="report-totals">${[
        [l.proceeds, total.proceeds],
        [l.cost, total.cost],
        [l.gain, total.gain],
        [l.gross, total.gross],
      ]
        .map(([label = '', v = '']) => `${escape(label)} ${grouped(v)}`)
        .join(' · ')}</p>`
    : ''
  return `<!doctype html>
<html lang="${meta.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${l.title} ${meta.year}`)}</title>
<style>
@page { size: A4; margin: 14mm; }
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', sans-serif; font-size: 12px; color: #111; margin: 12px; }
h1 { font-size: 18px; margin: 0 0 8px; } h2 { font-size: 14px; margin: 16px 0 6px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
dt { color: #555; } dd { margin: 0; }
.wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 3px 5px; text-align: left; white-space: nowrap; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #eee; }
.note { color: #555; margin-top: 12px; }
@media print { .no-print { display: none; } body { margin: 0; } .wrap { overflow: visible; } th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
</style></head>
<body>
<h1 data-testid="report-title">${escape(l.title)}</h1>
<dl><dt>${escape(l.year)}</dt><dd data-testid="report-year">${meta.year}</dd>
<dt>${escape(l.account)}</dt><dd data-testid="report-account">${escape(l.kinds[meta.account])}</dd>
<dt>${escape(l.holder)}</dt><dd>${escape(meta.holder)}</dd></dl>
<h2>${escape(l.sales)}</h2><div class="wrap">${sales}</div>${gains}
<h2>${escape(l.dividends)}</h2><div class="wrap">${dividends}</div>
<h2>${escape(l.tax)}</h2><div class="wrap">${tax}</div>
<p class="note">${escape(l.note)}</p>
</body></html>
`
}
