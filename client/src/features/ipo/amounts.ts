import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'

/**
 * What applying for `num` shares at `price` freezes, as a wire decimal; null when either is not a
 * number yet (the draft is being typed).
 *
 * @example subscriptionAmount('200', '1000') // '200000'
 */
export function subscriptionAmount(num: string, price: string): string | null {
  const shares = /^\d{1,9}$/.test(num.trim()) ? BigInt(num.trim()) : null
  const units = parseUnits(price)
  return shares === null || units === null ? null : formatUnits(units * shares)
}
