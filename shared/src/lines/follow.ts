import type { ProductLine } from './line'

const screens = { products: '/home/follow', orders: '/mine/followOrder' } as const

/** Follow products (copy-trading): buys, daily profit, the end. */
export const follow = {
  // the back office's funding of an issuer, the buy, each day's profit, the user's end and the
  // return at the deadline
  ledgerKinds: [
    'product_funding',
    'product_buy',
    'product_profit',
    'product_end',
    'product_return',
  ],
  userEvents: ['product:updated'],
  screens,
  home: screens.products,
  positionTab: 'follow',
} as const satisfies ProductLine
