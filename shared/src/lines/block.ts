import type { ProductLine } from './line'

const screens = {
  offers: '/home/large',
  orders: '/home/large2',
  decided: '/home/large3',
  offer: '/home/largeInfo',
} as const

/** Block trades (立会外分売): offers, the user's requests under review, the approved purchase. */
export const block = {
  // the request's hold, the approved purchase, the release on rejection
  ledgerKinds: ['block_freeze', 'block_buy', 'block_release'],
  userEvents: ['review:decided'],
  screens,
  home: screens.offers,
  // The user's block requests (pending review; the decided ones one tap away), not in spec §2's list.
  mine: { blockOrders: screens.orders },
} as const satisfies ProductLine
