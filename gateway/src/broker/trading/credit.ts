import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { WireCreditRequest, CreditStatus } from '@kabu/shared/api/credit'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits, UNITS } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import { lockUser, type Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { idempotent } from '../common/idempotency'
import type { SessionUser } from '../common/session-user'
import type { Ledger } from '../ledger/index'
import * as c from './credit.sql'
import { costOf, holdingOf } from './trading.sql'

export interface CreditDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
}

export interface TrustFundsInput {
  holdingId: bigint
  /** Whole currency units (spec §5: a positive integer). */
  credit: bigint
  idem: string
}

/** The cash of a trust-funds request: frozen while it waits, back to available if rejected. */
export function freezeLines(userId: bigint, currency: Currency, amount: bigint, sign: 1n | -1n) {
  return [
    { account: { user: userId, book: 'available' as const, currency }, amount: -sign * amount },
    { account: { user: userId, book: 'frozen' as const, currency }, amount: sign * amount },
  ]
}

const wire = (r: c.CreditRequestRow & { code: string }): WireCreditRequest => ({
  id: String(r.id),
  holding_id: String(r.holding_id),
  code: r.code,
  order_no: r.order_no,
  status: Number(r.status) as CreditStatus,
  credit: formatUnits(r.credit),
  applied: r.applied === null ? null : formatUnits(r.applied),
  reason: r.reason,
  created: Number(r.created_at),
  decided: r.decided_at === null ? null : Number(r.decided_at),
})

/**
 * `/trade/ustocks` and `/trade/ustockslist`: trust funds for a credit position. A request freezes
 * its cash at once (spec §7 counts it in frozen assets) and waits for review (kind `credit`);
 * approval pays the position's debt down with it (credit-queue.ts), or adds it to a short's margin.
 * Together with the requests still pending, it may not exceed what the position owes (a short: its
 * proceeds less the margin it holds: a short fully backed by cash needs no more).
 */
export function createCreditService({ db, clock, ledger }: CreditDeps) {
  return {
    async requestTrustFunds(user: SessionUser, input: TrustFundsInput): Promise<{ id: string }> {
      const amount = input.credit * UNITS
      const body = { id: String(input.holdingId), credit: String(input.credit) }
      const key = { userId: user.userId, scope: 'trade_ustocks', idem: input.idem, body }
      return idempotent(db, key, async (trx) => {
        // The limit is read under the lock its write needs: read before the transaction, two
        // requests at once each saw room for themselves, and together passed the debt.
        await lockUser(trx, user.userId)
        const h = await holdingOf(trx, user.userId, input.holdingId)
        if (!h) throw new Refusal('not_found')
        const short = h.side === 'short'
        if (
          short ? h.status !== BigInt(HOLDING.holding) : h.leverage <= 1n || h.credit_debt === 0n
        ) {
          throw new Refusal('credit_not_owed')
        }
        const currency = h.currency as Currency
        const pending = (await c.requestsOf(trx, user.userId, currency))
          .filter((r) => r.holding_id === h.id && r.status === c.PENDING)
          .reduce((sum, r) => sum + r.credit, 0n)
        // A credit buy's trust funds pay its debt; a short's add to its margin, up to its proceeds.
        const room = short ? costOf(h) - h.frozen : h.credit_debt
        if (pending + amount > room) throw new Refusal('credit_over_debt')
        const now = clock.now()
        const orderNo = newOrderNo('CR', now)
        const id = await c.insertRequest(trx, {
          user_id: user.userId,
          holding_id: h.id,
          order_no: orderNo,
          currency,
          credit: amount,
          status: c.PENDING,
          created_at: now,
        })
        // Throws insufficient_balance (rolling the request back) when available cash falls short.
        await ledger.post(trx, {
          kind: 'credit_freeze',
          userId: user.userId,
          orderNo,
          postings: freezeLines(user.userId, currency, amount, 1n),
        })
        return { id: String(id) }
      })
    },

    async requests(userId: bigint, type: MarketType): Promise<WireCreditRequest[]> {
      const rows = await c.requestsOf(db, userId, CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]])
      return rows.map(wire)
    },
  }
}

export type CreditService = ReturnType<typeof createCreditService>
