import type { Kysely } from 'kysely'
import { FREEZE_COVERS } from '@kabu/shared/api/freeze-covers'
import type { RefusalRule, WithdrawRuleKey } from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { VERIFIED, type IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { SecondFactorProof } from '../common/second-factor'
import type { SelfFrozen } from '../common/self-freeze'

/**
 * Every rule that can refuse a withdrawal, as ONE table: `/user/withdraw` enforces it row by row
 * (enforceWithdrawRules) and the trust panel publishes it (describeWithdrawRules), so the rules a
 * user reads are the rules the code applies, and a rule added here is published by itself.
 * tests/api/trust-rules.test.ts makes each row fire and checks the panel lists exactly these keys.
 */

type Card = NonNullable<Awaited<ReturnType<IdentityChecks['bankCardOf']>>>

/** One request to withdraw, as the rules see it. */
export interface WithdrawAttempt {
  userId: bigint
  currency: Currency
  amount: bigint
  bankId: bigint
  fundPassword: string | undefined
  /** The passkey assertion or TOTP code, for a user who enrolled one. */
  proof: SecondFactorProof
  /** Set by the card rule: the card the money goes to, for the transaction to record. */
  card?: Card
  /** The identity status, read once for the two rules that ask it. */
  identityStatus?: Promise<0 | 1 | 2 | 3>
}

/** What the rules read: the store, the clock's window, the limits, the user's own freeze. */
export interface WithdrawRuleContext {
  db: Kysely<Database>
  identity: IdentityChecks
  selfFrozen: SelfFrozen
  /** The published window, as text (`09:00-15:30`), and whether it is open now. */
  window: string
  windowOpen: () => boolean
  minimum: (currency: Currency) => bigint
  /** Formats units of a currency for the published text. */
  format: (units: bigint) => string
  withdrawable: (userId: bigint, currency: Currency) => Promise<bigint>
}

interface WithdrawRule {
  /** The refusal the rule answers with when it says no (shared's WITHDRAW_RULE_KEYS, in order). */
  key: WithdrawRuleKey
  /** The figures its text names (the app's own translation fills them in too). */
  values: (ctx: WithdrawRuleContext, currency: Currency) => Record<string, string>
  text: (values: Record<string, string>) => string
  /** True when the attempt passes; a rule whose check refuses with its own key may throw. */
  passes: (attempt: WithdrawAttempt, ctx: WithdrawRuleContext) => Promise<boolean> | boolean
}

const none = () => ({})

/** The freeze that holds withdrawals, as the one table of what a freeze covers says. */
export const WITHDRAW_SCOPE = FREEZE_COVERS.withdraw.scope

const identityOf = (a: WithdrawAttempt, ctx: WithdrawRuleContext) =>
  (a.identityStatus ??= ctx.identity.identityStatus(ctx.db, a.userId))

/** In the order they are checked, which is the order the panel lists them. */
export const WITHDRAW_RULES: readonly WithdrawRule[] = [
  {
    // First: the user's own choice, before anything counts a fund-password try.
    key: 'self_frozen_withdraw',
    values: none,
    text: () => 'Refused while you have frozen withdrawals yourself (this panel lifts it).',
    passes: async (a, ctx) => !(await ctx.selfFrozen(ctx.db, a.userId, WITHDRAW_SCOPE)),
  },
  {
    key: 'realname_reviewing',
    values: none,
    text: () => 'Refused while your identity documents are under review.',
    passes: async (a, ctx) => (await identityOf(a, ctx)) !== 1,
  },
  {
    key: 'realname_not_passed',
    values: none,
    text: () => 'Refused while your identity documents stand refused: send them again.',
    passes: async (a, ctx) => (await identityOf(a, ctx)) !== 3,
  },
  {
    key: 'realname_required',
    values: none,
    text: () => 'Your identity must be verified.',
    passes: async (a, ctx) => (await identityOf(a, ctx)) === VERIFIED,
  },
  {
    key: 'card_not_found',
    values: none,
    text: () => 'Money goes only to a bank card bound to your own account.',
    passes: async (a, ctx) => {
      a.card = await ctx.identity.bankCardOf(ctx.db, a.userId, a.bankId)
      return a.card !== undefined
    },
  },
  {
    // verifyFundPassword refuses by itself: wrong_fund_password, or fund_password_not_set, or
    // too_frequent after 5 wrong tries in 15 minutes (security/fund-password.ts).
    key: 'wrong_fund_password',
    values: none,
    text: () =>
      'Your fund password is required; 5 wrong tries in 15 minutes stop further tries for 15 minutes.',
    passes: async (a, ctx) => {
      await ctx.identity.verifyFundPassword(ctx.db, a.userId, a.fundPassword)
      return true
    },
  },
  {
    // verifySecondFactor refuses by itself: second_factor_required, passkey_invalid, totp_invalid
    // or too_frequent; a user who enrolled no factor passes (broker/second-factor).
    key: 'second_factor_required',
    values: none,
    text: () =>
      'Once you have set up a passkey or an authenticator app, it must confirm each withdrawal.',
    passes: async (a, ctx) => {
      await ctx.identity.verifySecondFactor(a.userId, a.proof)
      return true
    },
  },
  {
    key: 'withdraw_window_closed',
    values: (ctx) => ({ window: ctx.window }),
    text: (v) => `Only on Japanese bank business days, ${v.window} Tokyo time.`,
    passes: (_a, ctx) => ctx.windowOpen(),
  },
  {
    key: 'amount_below_minimum',
    values: (ctx, currency) => ({ min: ctx.format(ctx.minimum(currency)), currency }),
    text: (v) => `At least ${v.min} ${v.currency}.`,
    passes: (a, ctx) => a.amount >= ctx.minimum(a.currency),
  },
  {
    key: 'insufficient_balance',
    values: none,
    text: () => 'No more than your available cash less what you owe on loans.',
    passes: async (a, ctx) => a.amount <= (await ctx.withdrawable(a.userId, a.currency)),
  },
]

/** Runs the table in order; the first rule that says no refuses with its key. */
export async function enforceWithdrawRules(
  attempt: WithdrawAttempt,
  ctx: WithdrawRuleContext,
  rules: readonly WithdrawRule[] = WITHDRAW_RULES,
): Promise<void> {
  for (const rule of rules) {
    if (!(await rule.passes(attempt, ctx))) throw new Refusal(rule.key)
  }
}

/** The table as the trust panel publishes it, with the figures of one wallet. */
export function describeWithdrawRules(
  ctx: WithdrawRuleContext,
  currency: Currency,
  rules: readonly WithdrawRule[] = WITHDRAW_RULES,
): RefusalRule[] {
  return rules.map((rule) => {
    const values = rule.values(ctx, currency)
    return { key: rule.key, text: rule.text(values), values }
  })
}
