import { isCurrency, MINOR_DIGITS } from './currencies'
import { formatUnits } from './decimal'

/**
 * The fraction digits an amount of `currency` is shown with: its minor units, or two for a code
 * we do not list.
 *
 * @example minorDigitsOf('JPY') // 0
 */
export function minorDigitsOf(currency: string): number {
  return isCurrency(currency) ? MINOR_DIGITS[currency] : 2
}

/**
 * How many fraction digits a plain decimal string needs to show every digit it has, but never
 * fewer than `min`: an amount finer than the minor unit (an average price, a P/L share) keeps its
 * digits instead of being rounded on screen.
 *
 * @example fractionDigitsToShow('537', 0) // 0
 * @example fractionDigitsToShow('537.50', 0) // 1
 */
export function fractionDigitsToShow(decimal: string, min: number): number {
  const fraction = /\.(\d*?)0*$/.exec(decimal)?.[1] ?? ''
  return Math.max(min, fraction.length)
}

/**
 * An amount in text without a locale (the gateway's message texts): thousands grouped with
 * commas, the currency's minor units, exact.
 *
 * @example formatAmount(500_000_000n, 'JPY') // '50,000'
 * @example formatAmount(12_345_000n, 'USD') // '1,234.50'
 * @example formatAmount(5_375_000n, 'JPY') // '537.5'
 */
export function formatAmount(units: bigint, currency: string): string {
  const text = formatUnits(units, minorDigitsOf(currency))
  const [whole = '', fraction] = text.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
