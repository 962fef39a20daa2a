import { fractionDigitsToShow, minorDigitsOf } from '@kabu/shared/money/format'

/**
 * Formats a decimal money string from the wire for display, the one way every screen shows money:
 * the currency's symbol, grouped, with the currency's own minor units (yen none, dollars cents),
 * never through a JS float (Intl formats the string's digits exactly). An amount finer than the
 * minor unit keeps its digits rather than being rounded on screen. The spec's `'-'` means zero;
 * anything that is not a decimal shows as a dash.
 */
export function formatMoney(
  value: string | null | undefined,
  currency: string,
  locale: string,
): string {
  const text = value === '-' ? '0' : (value ?? '').trim()
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '—'
  const minor = minorDigitsOf(currency)
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: minor,
    maximumFractionDigits: fractionDigitsToShow(text, minor),
  }).format(text as `${number}`)
}
