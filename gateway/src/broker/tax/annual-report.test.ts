import { describe, expect, it } from 'vitest'
import { reportCsv, reportHtml, reportRows } from './annual-report'
import type { TaxEventRow } from './tax.sql'

const YEN = 10_000n

/** A sale of 100 TEPCO at ¥540.80 against a cost of ¥27,054: a gain of ¥26,972 after ¥54 fees. */
const sale: TaxEventRow = {
  id: 1n,
  user_id: 1n,
  year: 2026,
  kind: 'sale',
  at: 0n,
  trade_date: '2026-12-04',
  code: '9501',
  currency: 'JPY',
  account: 'tokutei_withholding',
  shares: 100n,
  gross: 54_080n * YEN,
  foreign_tax: 0n,
  fees: 54n * YEN,
  cost: 27_054n * YEN,
  gain: 26_972n * YEN,
  national: 4_130n * YEN,
  local: 1_348n * YEN,
  year_net: 26_972n * YEN,
  year_national: 4_130n * YEN,
  year_local: 1_348n * YEN,
  basis_drift: 0n,
  sale_tx_id: null,
  fx_rate: null,
  tax_tx_id: null,
}

const cellsOf = (html: string, testId: string) => {
  const table = new RegExp(`<table data-testid="${testId}">(.*?)</table>`).exec(html)?.[1] ?? ''
  return [...table.matchAll(/<td( class="n")?>([^<]*)<\/td>/g)].map((m) => ({
    figure: m[1] !== undefined,
    text: m[2],
  }))
}

describe('the printable annual report', () => {
  const rows = reportRows([sale], 'tokutei_withholding', 'ja')
  const html = reportHtml(rows, {
    year: 2026,
    account: 'tokutei_withholding',
    holder: 'x',
    lang: 'ja',
  })

  it('groups its figures in thousands and sets them right, the tax table’s included', () => {
    const sales = cellsOf(html, 'report-sales')
    expect(sales.filter((c) => c.figure).map((c) => c.text)).toEqual([
      '100',
      '54,080',
      '54',
      '27,054',
      '26,972',
      '4,130',
      '1,348',
    ])
    expect(sales.slice(0, 3).every((c) => !c.figure)).toBe(true)
    const tax = cellsOf(html, 'report-tax')
    // Withheld, refunded, total: a label, then national and local set right.
    expect(tax.map((c) => c.figure)).toEqual([
      false,
      true,
      true,
      false,
      true,
      true,
      false,
      true,
      true,
    ])
    expect(tax[1]?.text).toBe('4,130')
    expect(html).toMatch(
      /<p data-testid="report-totals">譲渡対価 54,080 · 取得費 27,054 · 損益 26,972 ·/,
    )
  })

  it('leaves the CSV’s figures plain for a spreadsheet', () => {
    const csv = reportCsv(rows)
    expect(csv.split('\r\n')[1]).toBe(
      'sale,2026-12-04,9501,東京電力ホールディングス,100,54080,54,27054,26972,,,4130,1348,,tokutei_withholding',
    )
  })
})
