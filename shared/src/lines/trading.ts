import type { ProductLine } from './line'

const screens = {
  positions: '/position/index',
  position: '/position/info',
  order: '/position/order',
  watchlist: '/quotes/self',
  stock: '/quotes/info',
} as const

/** Cash stock orders, holdings, the watchlist and the matcher of resting limit orders. */
export const trading = {
  ledgerKinds: [
    'trade_freeze',
    'trade_buy',
    'trade_sell',
    'trade_cancel',
    'trade_amend',
    'trade_expire',
    'trade_refuse',
  ],
  userEvents: ['trade:updated', 'order:updated'],
  screens,
  positionTab: 'stocks',
} as const satisfies ProductLine
