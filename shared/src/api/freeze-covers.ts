import type { RefusalKey } from './messages'
import type { SelfFreezeScope } from './trust'

/**
 * Which commands that spend or move money a hold covers, declared once: the user's own freeze
 * (`/user/selfFreeze`, by scope; `what=all` is both scopes) and the back office's trading bar
 * (spec §6), which covers what a freeze of trading covers. The gateway's commands refuse by this
 * table and the trust panel lists it, so what a user reads is what the code applies.
 *
 * `null`: never held. Money coming in and debts paid down are no risk to the owner, and a frozen
 * or barred user must still be able to settle what they owe: deposits, loan repayments, trust
 * funds for a credit position (its repayment), cancelling a resting order, giving up won shares.
 *
 * @example FREEZE_COVERS.ipo_pay // { path: '/trade/newstockPay', scope: 'trading' }
 */
export const FREEZE_COVERS = {
  withdraw: { path: '/user/withdraw', scope: 'withdraw' },
  stock_buy: { path: '/trade/buy', scope: 'trading' },
  stock_sell: { path: '/trade/sell', scope: 'trading' },
  order_amend: { path: '/trade/amend', scope: 'trading' },
  ipo_subscribe: { path: '/trade/subscribe', scope: 'trading' },
  ipo_pay: { path: '/trade/newstockPay', scope: 'trading' },
  block_buy: { path: '/trade/blockbuy', scope: 'trading' },
  follow_buy: { path: '/trade/productbuy', scope: 'trading' },
  follow_end: { path: '/trade/productend', scope: 'trading' },
  daytrade_apply: { path: '/trade/daytradeApply', scope: 'trading' },
  daytrade_order: { path: '/trade/daytradeOrder', scope: 'trading' },
  exchange: { path: '/user/exchange', scope: 'trading' },
  loan: { path: '/user/loan', scope: 'trading' },
  deposit: { path: '/user/recharge', scope: null },
  loan_repay: { path: '/user/repay', scope: null },
  credit_trust_funds: { path: '/trade/ustocks', scope: null },
  order_cancel: { path: '/trade/cancel', scope: null },
  ipo_waive: { path: '/trade/newstockWaive', scope: null },
} as const satisfies Record<string, { path: `/${string}`; scope: SelfFreezeScope | null }>

export type MoneyCommand = keyof typeof FREEZE_COVERS
/** The commands a hold covers, and the scope of each. */
export type HeldCommand = {
  [C in MoneyCommand]: (typeof FREEZE_COVERS)[C]['scope'] extends null ? never : C
}[MoneyCommand]

/** The scope the back office's trading bar covers. */
export const BARRED_SCOPE: SelfFreezeScope = 'trading'

/** What a command of each scope answers while the user holds its freeze. */
export const SELF_FROZEN_KEYS = {
  withdraw: 'self_frozen_withdraw',
  trading: 'self_frozen_trading',
} as const satisfies Record<SelfFreezeScope, RefusalKey>

/** The commands of `scope` (null: those never held), in the table's order. */
export const commandsOf = (scope: SelfFreezeScope | null): MoneyCommand[] =>
  (Object.keys(FREEZE_COVERS) as MoneyCommand[]).filter((c) => FREEZE_COVERS[c].scope === scope)
