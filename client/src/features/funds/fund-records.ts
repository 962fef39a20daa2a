import { LEDGER_KINDS } from '@kabu/shared/lines/index'
import type { FundLine, UserBookName } from '@kabu/shared/api/ledger'

/**
 * The kinds of ledger line the filter offers: every kind a product line declares it writes
 * (shared/src/lines), each labelled by `mine.funds.kind.<kind>` (fund-records.test checks them).
 */
export const FUND_KINDS = LEDGER_KINDS

/**
 * The text of a line's balance, named by the line's own book: a withdrawal's hold and payment
 * move the frozen book, whose "残高 ¥0" once paid read as "your balance is zero" beside a
 * ¥280,000 available balance (issue 34 item 5).
 *
 * @example balanceLabelId('frozen') // 'mine.funds.records.bookAfter.frozen' ("拘束中の合計 {amount}")
 */
export const balanceLabelId = (book: UserBookName) =>
  book === 'available' ? 'mine.funds.records.balanceAfter' : `mine.funds.records.bookAfter.${book}`

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
