import type { Kysely } from 'kysely'
import type { ReviewStatusCode, WithdrawalRecord, WithdrawRules } from '@kabu/shared/api/funds'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import { SELF_FROZEN_KEYS } from '@kabu/shared/api/freeze-covers'
import { formatDailyWindow, isWindowOpen, parseDailyWindow } from '@kabu/shared/market/business-day'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { FundsSettings } from '../../config'
import type { FxSource } from '../../market/fx'
import type { Database } from '../../store/index'
import { VERIFIED, type IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import { newOrderNo } from '../common/order-no'
import { checkedIdempotent } from '../common/replayable'
import { limitsFor } from '../common/currency-limits'
import type { Ledger } from '../ledger/index'
import { Refusal } from '../common/refusal'
import type { SecondFactorProof } from '../common/second-factor'
import {
  describeWithdrawRules,
  enforceWithdrawRules,
  type WithdrawAttempt,
  type WithdrawRuleContext,
  WITHDRAW_SCOPE,
} from './rules'
import * as q from './withdrawals.sql'

export const WITHDRAWAL_PAGE_SIZE = 20

export interface WithdrawalDeps {
  db: Kysely<Database>
  clock: Clock
  settings: FundsSettings
  fx: FxSource
  ledger: Ledger
  identity: IdentityChecks
  /** The user's own freeze (the trust panel), kept by the trust area. */
  selfFrozen: SelfFrozen
}

export interface WithdrawInput {
  currency: Currency
  money: string
  bankId: bigint
  fundPassword: string | undefined
  /** The passkey assertion or TOTP code, required once the user enrolled one. */
  proof: SecondFactorProof
  idem: string
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>

/**
 * Withdrawals under the published rules and nothing else (DESIGN.md "A user's own cash is
 * theirs"): the table of rules.ts (the user's own freeze, verified identity, the user's own bank
 * card, the fund password, a Japanese bank business day inside the window, the minimum, and no
 * more than withdrawable cash: available minus borrowed), which the trust panel publishes. The
 * amount is frozen at once and stays frozen until paid out or released.
 */
export function createWithdrawalService(deps: WithdrawalDeps) {
  const { db, clock, settings, fx, ledger, identity } = deps
  const window = parseDailyWindow(settings.withdrawWindow)
  if (!window) throw new Error(`invalid WITHDRAW_WINDOW ${settings.withdrawWindow}`)

  async function withdrawable(reader: Kysely<Database>, userId: bigint, currency: Currency) {
    const b = await ledger.balances(reader, userId, currency)
    const cash = b.available - b.borrowed
    return cash > 0n ? cash : 0n
  }

  const minimum = (currency: Currency) => limitsFor(settings, fx, currency).withdrawMin
  const ruleContext: WithdrawRuleContext = {
    db,
    identity,
    selfFrozen: deps.selfFrozen,
    window: formatDailyWindow(window),
    windowOpen: () => isWindowOpen(clock.now(), window),
    minimum,
    format: formatUnits,
    withdrawable: (userId, currency) => withdrawable(db, userId, currency),
  }

  return {
    async rules(userId: bigint, currency: Currency): Promise<WithdrawRules> {
      return {
        currency,
        verified: (await identity.identityStatus(db, userId)) === VERIFIED,
        card_bound: await q.hasBankCard(db, userId),
        fund_password_set: await q.fundPasswordSet(db, userId),
        window: formatDailyWindow(window),
        window_open: isWindowOpen(clock.now(), window),
        min: formatUnits(minimum(currency)),
        withdrawable: formatUnits(await withdrawable(db, userId, currency)),
      }
    },

    async withdraw(userId: bigint, input: WithdrawInput): Promise<{ id: string }> {
      const amount = parseAmount(input.money, input.currency)
      if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
      const body = { currency: input.currency, amount: String(amount), bank: String(input.bankId) }
      const key = { userId, scope: 'withdraw', idem: input.idem, body }
      const attempt: WithdrawAttempt = {
        userId,
        currency: input.currency,
        amount,
        bankId: input.bankId,
        fundPassword: input.fundPassword,
        proof: input.proof,
      }
      // The published rules, in order; the first that says no names itself (rules.ts).
      const checks = () => enforceWithdrawRules(attempt, ruleContext)

      return checkedIdempotent(db, key, checks, async (trx) => {
        const card = attempt.card
        if (!card) throw new Refusal('card_not_found')
        // A freeze that committed since the checks ran still stops this one.
        if (await deps.selfFrozen(trx, userId, WITHDRAW_SCOPE)) {
          throw new Refusal(SELF_FROZEN_KEYS[WITHDRAW_SCOPE])
        }
        const now = clock.now()
        const orderNo = newOrderNo('WD', now)
        const id = await q.insertWithdrawal(trx, {
          userId,
          orderNo,
          currency: input.currency,
          amount,
          card,
          now,
        })
        await ledger.post(trx, {
          kind: 'withdraw_freeze',
          userId,
          orderNo,
          postings: [
            {
              account: { user: userId, book: 'available', currency: input.currency },
              amount: -amount,
            },
            { account: { user: userId, book: 'frozen', currency: input.currency }, amount },
          ],
        })
        // The ledger keeps `available` from going negative; borrowed money must stay covered too,
        // checked again after the post, when this transaction holds the balance row.
        const after = await ledger.balances(trx, userId, input.currency)
        if (after.available < after.borrowed) throw new Refusal('insufficient_balance')
        return { id: String(id) }
      })
    },

    /** Every rule that can refuse a withdrawal, as the trust panel publishes it. */
    refusalRules(currency: Currency) {
      return describeWithdrawRules(ruleContext, currency)
    },

    async list(userId: bigint, currency: Currency, page: number): Promise<WithdrawalRecord[]> {
      const rows = await q.userWithdrawals(db, userId, currency, {
        limit: WITHDRAWAL_PAGE_SIZE,
        offset: (page - 1) * WITHDRAWAL_PAGE_SIZE,
      })
      const paid = await q.paidTimes(
        db,
        userId,
        rows.map((r) => r.order_no),
      )
      return rows.map((r) => ({
        id: String(r.id),
        order_no: r.order_no,
        status: Number(r.status) as ReviewStatusCode,
        money: formatUnits(r.amount),
        fee: formatUnits(r.fee),
        currency: r.currency as Currency,
        bank_name: r.bank_name,
        card_number_masked: r.card_number_masked,
        created: Number(r.created_at),
        decided: r.decided_at === null ? null : Number(r.decided_at),
        paid: paid.get(r.order_no) ?? null,
        reason: r.reason,
      }))
    },
  }
}
