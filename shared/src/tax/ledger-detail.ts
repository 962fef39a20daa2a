import { formatUnits, parseUnits } from '../money/decimal'

/**
 * The computation a tax-bearing ledger line carries in `/user/ledgerExport`'s `detail` column: a
 * sale's proceeds, cost and gain, a dividend's withholding, a withholding's or refund's year before
 * and after. One text, `what;key=value;…`, money as decimals, so a spreadsheet or a test can read
 * the annual report back out of the export (API.md `/user/annualReport`).
 *
 * @example formatDetail('sale', { code: '7203', gain: 10_000n * 10_000n }) // 'sale;code=7203;gain=10000'
 */
export type DetailKind = 'sale' | 'dividend' | 'tax'

export function formatDetail(kind: DetailKind, fields: Record<string, bigint | string | number>) {
  const parts = Object.entries(fields).map(
    ([key, value]) => `${key}=${typeof value === 'bigint' ? formatUnits(value) : String(value)}`,
  )
  return [kind, ...parts].join(';')
}

/** A detail read back: its kind and fields as text (money: `units` reads one as units). */
export function parseDetail(text: string): { kind: string; fields: Record<string, string> } | null {
  if (text === '') return null
  const [kind = '', ...parts] = text.split(';')
  const fields: Record<string, string> = {}
  for (const part of parts) {
    const at = part.indexOf('=')
    if (at > 0) fields[part.slice(0, at)] = part.slice(at + 1)
  }
  return { kind, fields }
}

/** A money field of a parsed detail in units (0 when absent). */
export function units(fields: Record<string, string>, key: string): bigint {
  const value = fields[key]
  return value === undefined ? 0n : (parseUnits(value, { signed: true }) ?? 0n)
}
