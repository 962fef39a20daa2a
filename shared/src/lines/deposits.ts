import type { ProductLine } from './line'

const screens = { deposit: '/mine/deposit', voucher: '/mine/stored' } as const

/** Deposits: a request with its transfer voucher, credited once the back office approves it. */
export const deposits = {
  ledgerKinds: ['deposit'],
  userEvents: ['funds:reviewed'],
  screens,
  mine: { deposit: screens.deposit },
} as const satisfies ProductLine
