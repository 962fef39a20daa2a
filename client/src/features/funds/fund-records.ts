import type { FundLine } from '@kabu/shared/api/ledger'

/** The kinds of ledger line the filter offers (what the flows of this app write). */
export const FUND_KINDS = [
  'deposit',
  'withdraw_freeze',
  'withdraw_pay',
  'withdraw_release',
  'fx',
  'trade_freeze',
  'trade_buy',
  'trade_sell',
  'trade_cancel',
  'loan',
  'loan_repay',
  // new shares: the application's hold, the draw's settlement (refund, or prefunded payment), the
  // payment of won shares, and the refund when the operator withdraws an offer (上場中止)
  'ipo_freeze',
  'ipo_draw',
  'ipo_pay',
  'ipo_cancel',
  // follow products: the buy, each day's profit, the user's end and the return at the deadline
  'product_buy',
  'product_profit',
  'product_end',
  'product_return',
  // block trades: the request's hold, the approved purchase, the release on rejection
  'block_freeze',
  'block_buy',
  'block_release',
  // stock credit: a credit buy (margin and fee), its sale (the debt repaid first), each day's
  // interest, trust funds held, applied to the debt, or returned
  'credit_buy',
  'credit_sell',
  'credit_interest',
  'credit_freeze',
  'credit_trust_funds',
  'credit_release',
] as const

const CSV_HEADER = ['time', 'kind', 'order_no', 'book', 'currency', 'amount', 'balance_after']

// RFC 4180: quote a field holding a comma, quote or line break; double the quotes inside.
const field = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value

/**
 * The lines as CSV (RFC 4180, CRLF), amounts exactly as the server sent them, times in ISO 8601
 * UTC so a spreadsheet in any zone reads the same instant. `kindLabel` names each kind in the
 * user's language.
 *
 * @example toCsv([line], (k) => k) // 'time,kind,...\r\n2026-03-03T01:00:00.000Z,deposit,...\r\n'
 */
export function toCsv(lines: readonly FundLine[], kindLabel: (kind: string) => string): string {
  const rows = lines.map((l) =>
    [
      new Date(l.created).toISOString(),
      kindLabel(l.kind),
      l.order_no,
      l.book,
      l.currency,
      l.money,
      l.balance_after,
    ].map(field),
  )
  return [CSV_HEADER, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n'
}

/** Offers text as a file download (a Blob behind a temporary link). */
export function downloadText(text: string, fileName: string, type = 'text/csv'): void {
  // The BOM makes spreadsheet apps read the Japanese and Chinese labels as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: `${type};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
