import type { ProductLine } from './line'

const screens = { loans: '/mine/loan', loan: '/mine/loanOrder' } as const

/** Credit loans: a reviewed request paid into the wallet, and its repayment. */
export const loans = {
  ledgerKinds: ['loan', 'loan_repay'],
  userEvents: ['review:decided'],
  screens,
  mine: { loan: screens.loans },
} as const satisfies ProductLine
