import type { ProductLine } from './line'

const screens = { accounts: '/mine/accounts' } as const

/**
 * Accounts (issue 36): the taxable account's kind (特定口座 源泉徴収あり, なし, 一般口座) and the
 * NISA account with its rooms. Opening NISA or choosing a kind moves no money; a NISA buy is a
 * stock order of the trading line with `account=nisa`.
 */
export const accounts = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { accounts: screens.accounts },
} as const satisfies ProductLine
