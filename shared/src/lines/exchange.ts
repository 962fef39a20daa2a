import type { ProductLine } from './line'

const screens = { exchange: '/mine/exchange' } as const

/** Currency exchange between the user's wallets. */
export const exchange = {
  ledgerKinds: ['fx'],
  userEvents: [],
  screens,
  mine: { exchange: screens.exchange },
} as const satisfies ProductLine
