import Decimal from 'decimal.js'
import { MINOR_DIGITS, type Currency } from '../money/currencies'
import { parseUnits, UNITS } from '../money/decimal'

// Amounts are read against each currency's own precision (MINOR_DIGITS, with the currencies).
export { MINOR_DIGITS } from '../money/currencies'

/** The smallest amount of a currency a bank moves, in units (JPY: 10,000n; USD: 100n). */
export function minorStep(currency: Currency): bigint {
  return UNITS / 10n ** BigInt(MINOR_DIGITS[currency])
}

/**
 * A positive wire amount in units, or `amount_invalid` (not a plain decimal, zero, negative, or
 * finer than the currency's minor unit).
 *
 * @example parseAmount('1000', 'JPY') // 10_000_000n
 * @example parseAmount('10.5', 'JPY') // 'amount_invalid'
 * @example parseAmount('10.55', 'USD') // 105_500n
 */
export function parseAmount(text: string, currency: Currency): bigint | 'amount_invalid' {
  const units = parseUnits(text)
  if (units === null || units <= 0n || units % minorStep(currency) !== 0n) return 'amount_invalid'
  return units
}

const Exact = Decimal.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 })

/**
 * What an exchange pays out: `amount × rate × (1 − spread)`, rounded DOWN to the target currency's
 * minor unit, so the house never pays a fraction it cannot transfer and the user is never
 * promised more than they get. The fraction cut off stays in the FX house book.
 *
 * @example exchangeProceeds(1_000_000n, '0.0065', '0.002', 'USD') // 6_400n (100 JPY → 0.64 USD)
 */
export function exchangeProceeds(
  amount: bigint,
  rate: string,
  spread: string,
  to: Currency,
): bigint {
  const step = minorStep(to)
  const exact = new Exact(amount.toString()).times(rate).times(new Exact(1).minus(spread))
  const steps = exact.dividedBy(step.toString()).toDecimalPlaces(0, Decimal.ROUND_DOWN)
  return BigInt(steps.toFixed(0)) * step
}
