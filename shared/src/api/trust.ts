import { z } from 'zod'
import { CURRENCIES, type Currency } from '../money/currencies'
import type { RefusalKey } from './messages'
import { marketTypeSchema } from './user'

/**
 * The trust panel (API.md: `/user/trust`, `/user/ledgerExport`, `/user/selfFreeze`,
 * `/user/selfUnfreeze`): what the broker owes and holds, how fast it pays, every rule that can
 * refuse a withdrawal, and the user's own freeze of withdrawals and/or trading.
 */

/** What a self-freeze covers: withdrawals, orders, or both. */
export const SELF_FREEZE_SCOPES = ['withdraw', 'trading'] as const
export type SelfFreezeScope = (typeof SELF_FREEZE_SCOPES)[number]
export const SELF_FREEZE_WHAT = ['withdraw', 'trading', 'all'] as const
export type SelfFreezeWhat = (typeof SELF_FREEZE_WHAT)[number]

/** The scopes `what` names. */
export const scopesOf = (what: SelfFreezeWhat): SelfFreezeScope[] =>
  what === 'all' ? [...SELF_FREEZE_SCOPES] : [what]

const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined))

const fundPassword = z.string({ error: 'wrong_fund_password' }).max(64, 'wrong_fund_password')

/** The panel's figures are of one wallet: the market's currency, or `currency` when given. */
export const trustRequest = z.object({
  type: optional(marketTypeSchema),
  currency: optional(z.enum(CURRENCIES, { error: 'invalid_input' })),
})

export const ledgerExportRequest = trustRequest

export const selfFreezeRequest = z.object({
  what: z.enum(SELF_FREEZE_WHAT, { error: 'invalid_input' }),
  fund_password: fundPassword.optional(),
})

export const selfUnfreezeRequest = z.object({
  what: optional(z.enum(SELF_FREEZE_WHAT, { error: 'invalid_input' })).transform((w) => w ?? 'all'),
  fund_password: fundPassword.optional(),
})

/** One scope the user has frozen: since when, and from when they may lift it. */
export interface SelfFreezeEntry {
  scope: SelfFreezeScope
  since: number
  unfreeze_from: number
}

/** `data` of /user/selfFreeze and /user/selfUnfreeze, and the panel's `self_freeze`. */
export interface SelfFreezeState {
  withdraw: SelfFreezeEntry | null
  trading: SelfFreezeEntry | null
  /** The published cooling-off period (SELF_FREEZE_COOLING_HOURS). */
  cooling_hours: number
}

/**
 * The rules that can refuse a withdrawal, by their refusal keys, in the order the gateway checks
 * them (its WITHDRAW_RULES follows this list) and the panel lists them; the app holds a text for
 * each in every language (`mine.trust.rule.<key>`, checked by the catalogue test).
 */
export const WITHDRAW_RULE_KEYS = [
  'self_frozen_withdraw',
  'realname_reviewing',
  'realname_not_passed',
  'realname_required',
  'card_not_found',
  'wrong_fund_password',
  'second_factor_required',
  'withdraw_window_closed',
  'amount_below_minimum',
  'insufficient_balance',
] as const satisfies readonly RefusalKey[]
export type WithdrawRuleKey = (typeof WITHDRAW_RULE_KEYS)[number]

/** One rule that can refuse a withdrawal: its refusal key, and the rule in words with figures. */
export interface RefusalRule {
  key: WithdrawRuleKey
  /** In English, with the figures; the app shows its own translation of `key` with `values`. */
  text: string
  values: Record<string, string>
}

/**
 * The fewest withdrawals paid in the window that make a median the panel states. With fewer, the
 * "median" is one or two particular payouts (with one, simply its time), so a single slow or
 * instant payout decides the published figure; from five on, the middle payout has two on each
 * side and no single payout moves the figure past its neighbours. Below it the panel says how
 * many were paid and that they are too few.
 *
 * @example PAYOUT_MEDIAN_MIN_COUNT // 5
 */
export const PAYOUT_MEDIAN_MIN_COUNT = 5

/** `data` of /user/trust. Money is decimal strings of `currency`. */
export interface TrustPanel {
  operator: string
  registration: string
  segregated_account: string
  currency: Currency
  reconciliation: {
    /** Every currency's customer total equals its segregated total. */
    ok: boolean
    checked_at: number
    customer_total: string
    segregated_total: string
  }
  /** Follow products: what their holders may still earn, against what issuers hold for it. */
  product_obligations: { owed: string; issuer_funds: string; covered: boolean }
  /**
   * Half of the withdrawals paid in the last 30 days were paid within this many hours (one
   * decimal). Null when fewer than {@link PAYOUT_MEDIAN_MIN_COUNT} were paid.
   */
  withdrawals_paid_median_hours: number | null
  /** The same median in whole minutes, rounded up (at least 1): what a median under an hour reads. */
  withdrawals_paid_median_minutes: number | null
  withdrawals_paid_count: number
  refusal_rules: RefusalRule[]
  self_freeze: SelfFreezeState
}

/** The columns of /user/ledgerExport's CSV, in order. */
export const LEDGER_EXPORT_COLUMNS = [
  'line',
  'time',
  'kind',
  'order_no',
  'book',
  'currency',
  'amount',
  'running_balance',
  /** A tax-bearing line's computation (shared/tax/ledger-detail.ts), else empty. */
  'detail',
] as const
