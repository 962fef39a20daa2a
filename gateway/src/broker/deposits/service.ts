import type { Kysely } from 'kysely'
import type { DepositRecord, RechargeChannel, ReviewStatusCode } from '@kabu/shared/api/funds'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import { formatDailyWindow, isWindowOpen, parseDailyWindow } from '@kabu/shared/market/business-day'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { FundsSettings } from '../../config'
import type { SessionUser } from '../common/session-user'
import type { FxSource } from '../../market/fx'
import { isUniqueViolation, type Database } from '../../store/index'
import { limitsFor } from '../common/currency-limits'
import { Refusal } from '../common/refusal'
import * as q from './deposits.sql'
import { VERIFIED, type IdentityChecks } from '../common/identity-checks'
import { newOrderNo } from '../common/order-no'
import { checkedIdempotent } from '../common/replayable'

/** The one way in: a bank transfer to the broker's account, matched by the user's reference. */
export const BANK_TRANSFER = 'bank_transfer'
export const DEPOSIT_PAGE_SIZE = 20

export interface DepositDeps {
  db: Kysely<Database>
  clock: Clock
  settings: FundsSettings
  fx: FxSource
  identity: Pick<IdentityChecks, 'identityStatus' | 'uploadOwnedBy'>
}

export type DepositService = ReturnType<typeof createDepositService>

/**
 * Deposits (spec §4, §9): the user transfers money to the broker's bank account and tells us,
 * optionally with a photo of the slip; an operator (or the demo's auto policy) checks the bank
 * line and approves, which credits the wallet. Nothing moves in the ledger until then.
 */
export function createDepositService({ db, clock, settings, fx, identity }: DepositDeps) {
  const window = parseDailyWindow(settings.depositWindow)
  if (!window) throw new Error(`invalid DEPOSIT_WINDOW ${settings.depositWindow}`)

  /** Before identity is verified a deposit is capped lower (spec §9's two maxima). */
  async function maximumFor(userId: bigint, currency: Currency, reader: Kysely<Database> = db) {
    const limits = limitsFor(settings, fx, currency)
    const verified = (await identity.identityStatus(reader, userId)) === VERIFIED
    return {
      min: limits.depositMin,
      max: verified ? limits.depositMaxVerified : limits.depositMaxUnverified,
    }
  }

  return {
    maximumFor,

    async channels(user: SessionUser, currency: Currency): Promise<RechargeChannel[]> {
      const { min, max } = await maximumFor(user.userId, currency)
      return [
        {
          id: BANK_TRANSFER,
          name: BANK_TRANSFER,
          payee: settings.depositPayee,
          bank: settings.depositBank,
          branch: settings.depositBranch,
          account: settings.depositAccount,
          reference: user.account,
          min: formatUnits(min),
          max: formatUnits(max),
          currency,
          window: formatDailyWindow(window),
          open: isWindowOpen(clock.now(), window),
        },
      ]
    },

    async recharge(
      user: SessionUser,
      input: {
        currency: Currency
        money: string
        channel: string
        voucher: string | undefined
        idem: string
      },
    ): Promise<{ id: string }> {
      const amount = parseAmount(input.money, input.currency)
      if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
      if (input.channel !== BANK_TRANSFER) throw new Refusal('invalid_input')
      const voucher = input.voucher ?? null
      const body = {
        currency: input.currency,
        amount: String(amount),
        channel: input.channel,
        voucher,
      }
      const key = { userId: user.userId, scope: 'recharge', idem: input.idem, body }
      const checks = async () => {
        if (!isWindowOpen(clock.now(), window)) throw new Refusal('deposit_window_closed')
        const { min, max } = await maximumFor(user.userId, input.currency)
        if (amount < min) throw new Refusal('amount_below_minimum')
        if (amount > max) throw new Refusal('amount_above_maximum')
        if (voucher && !(await identity.uploadOwnedBy(db, user.userId, voucher, 'voucher'))) {
          throw new Refusal('not_found')
        }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        if (await q.hasPending(trx, user.userId)) throw new Refusal('deposit_pending')
        try {
          const now = clock.now()
          const id = await q.insertDeposit(trx, {
            userId: user.userId,
            orderNo: newOrderNo('DP', now),
            currency: input.currency,
            amount,
            channel: input.channel,
            voucherId: voucher,
            now,
          })
          return { id: String(id) }
        } catch (error) {
          // Two requests raced past the check: the one-pending index let only one in.
          if (isUniqueViolation(error)) throw new Refusal('deposit_pending')
          throw error
        }
      })
    },

    /**
     * The demo account's opening deposit, recorded as the transfer request a user would make, for
     * the review desk to approve: so it credits the wallet through the queue's one ledger posting
     * and shows in the deposit history like any other. Not a user's command, so the window (the
     * demo starts at any hour) and the per-request maximum do not apply.
     */
    async openingRequest(userId: bigint, currency: Currency, amount: bigint): Promise<bigint> {
      const now = clock.now()
      return q.insertDeposit(db, {
        userId,
        orderNo: newOrderNo('DP', now),
        currency,
        amount,
        channel: BANK_TRANSFER,
        voucherId: null,
        now,
      })
    },

    async list(user: SessionUser, currency: Currency, page: number): Promise<DepositRecord[]> {
      const rows = await q.userDeposits(db, user.userId, currency, {
        limit: DEPOSIT_PAGE_SIZE,
        offset: (page - 1) * DEPOSIT_PAGE_SIZE,
      })
      return rows.map((r) => ({
        id: String(r.id),
        order_no: r.order_no,
        status: Number(r.status) as ReviewStatusCode,
        money: formatUnits(r.amount),
        currency: r.currency as Currency,
        created: Number(r.created_at),
        decided: r.decided_at === null ? null : Number(r.decided_at),
        reason: r.reason,
      }))
    },
  }
}
