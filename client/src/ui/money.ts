/**
 * Formats a decimal money string from the wire for display: grouped, one decimal by default
 * (spec §9), never through a JS float (Intl formats the string's digits exactly). The spec's `'-'`
 * means zero; anything that is not a decimal shows as a dash.
 */
export function formatMoney(
  value: string | null | undefined,
  currency: string,
  locale: string,
): string {
  const text = value === '-' ? '0' : (value ?? '').trim()
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '—'
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(text as `${number}`)
}
