import { accruedThrough, type Product } from '@kabu/shared/api/follow'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'

/**
 * The most profit `money` bought now would earn by the deadline, by the published rule (the same
 * function the gateway pays with); null while the amount is not a plain positive decimal.
 *
 * @example estimateProfit('100000', { daily_rate: '0.001', days_left: 5, currency: 'JPY' }) // '500'
 */
export function estimateProfit(
  money: string,
  product: Pick<Product, 'daily_rate' | 'days_left' | 'currency'>,
): string | null {
  const units = parseUnits(money.trim())
  if (units === null || units <= 0n) return null
  return formatUnits(accruedThrough(units, product.daily_rate, product.days_left, product.currency))
}
