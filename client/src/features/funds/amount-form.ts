import { parseAmount } from '@kabu/shared/api/funds-amounts'
import type { Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'

/**
 * The amount field's message key, checked with the server's own rules before anything is sent:
 * blank, not an amount of this currency, below the minimum, above the maximum. null when fine.
 *
 * @example amountError('9999', 'JPY', { min: '10000' }) // 'amount_below_minimum'
 */
export function amountError(
  text: string,
  currency: Currency,
  limits: { min?: string | undefined; max?: string | undefined },
): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'amount_required'
  const units = parseAmount(trimmed, currency)
  if (units === 'amount_invalid') return 'amount_invalid'
  const min = limits.min === undefined ? null : parseUnits(limits.min)
  const max = limits.max === undefined ? null : parseUnits(limits.max)
  if (min !== null && units < min) return 'amount_below_minimum'
  if (max !== null && units > max) return 'amount_above_maximum'
  return null
}
