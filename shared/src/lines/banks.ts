import type { ProductLine } from './line'

const screens = { cards: '/mine/bank', add: '/mine/bankAdd' } as const

/** The user's bank cards, where withdrawals are paid. */
export const banks = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { bank: screens.cards },
} as const satisfies ProductLine
