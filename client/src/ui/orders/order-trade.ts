import type { OrderEffect, OrderSide } from '@kabu/shared/api/orders'

/**
 * What an order trades, as a Japanese broker's order inquiry labels it: 現物買 / 現物売 (cash),
 * 信用新規買 / 信用返済売 (a credit buy and the sale that repays it), 信用新規売 / 信用返済買 (a
 * short sale and its cover). Message ids `stock.orders.trade.<trade>` (the label) and
 * `stock.orders.verb.<trade>` (the verb of the order read back in words).
 */
export const ORDER_TRADES = [
  'cashBuy',
  'cashSell',
  'marginBuy',
  'marginSell',
  'short',
  'cover',
] as const
export type OrderTrade = (typeof ORDER_TRADES)[number]

/**
 * The trade of an order from its side, its effect and its leverage (a /trade/orders row). A short
 * is told by its effect, not its leverage: at leverage 1 its margin is the whole proceeds, and it
 * is still a short. Without an effect (a ticket before it is sent) a buy opens and a sell closes.
 *
 * @example orderTrade({ side: 'sell', effect: 'open', leverage: 3 }) // 'short'
 */
export function orderTrade(o: {
  side: OrderSide
  effect?: OrderEffect | undefined
  leverage?: number | undefined
}): OrderTrade {
  const effect = o.effect ?? (o.side === 'buy' ? 'open' : 'close')
  if (o.side === 'sell' && effect === 'open') return 'short'
  if (o.side === 'buy' && effect === 'close') return 'cover'
  const credit = (o.leverage ?? 1) > 1
  if (o.side === 'buy') return credit ? 'marginBuy' : 'cashBuy'
  return credit ? 'marginSell' : 'cashSell'
}
