import type { BlockOffer } from '@kabu/shared/api/block'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'

/**
 * The block buy form's rules, as the gateway applies them (so the form says no before a round
 * trip): whole lots, at least the minimum, at most the per-user maximum, within the funds, while
 * the window is open. Each answer is a message key the screen translates (`server.<key>`).
 */
export function blockNumError(
  text: string,
  offer: BlockOffer,
  available: string | null,
): string | null {
  if (!offer.open) return 'block_trade_closed'
  if (!/^[1-9]\d{0,8}$/.test(text.trim())) return 'lot_size'
  const num = Number(text.trim())
  if (num % offer.lot !== 0) return 'lot_size'
  if (num < offer.min_buy) return 'below_minimum_buy'
  if (num > offer.max_buy) return 'block_over_user_limit'
  const cash = available === null ? null : parseUnits(available)
  const cost = costOf(offer, num)
  if (cash !== null && cost !== null && parseUnits(cost)! > cash) return 'insufficient_balance'
  return null
}

/** What `num` shares cost at the block price, as a decimal string (null for a bad price). */
export function costOf(offer: BlockOffer, num: number): string | null {
  const price = parseUnits(offer.price)
  if (price === null || !Number.isSafeInteger(num) || num < 0) return null
  return formatUnits(price * BigInt(num))
}
