import type { ProductLine } from './line'

const screens = { withdraw: '/mine/withdraw' } as const

/** Withdrawals to a bank card: held on request, paid or released by the back office's review. */
export const withdrawals = {
  ledgerKinds: ['withdraw_freeze', 'withdraw_pay', 'withdraw_release'],
  userEvents: ['funds:reviewed'],
  screens,
  mine: { withdraw: screens.withdraw },
} as const satisfies ProductLine
