import type { Kysely } from 'kysely'
import { IPO_STATUS } from '@kabu/shared/api/ipo'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import type { Messages } from '../common/messages'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import type { UserEvents } from '../common/user-events'
import type { Ledger, Posting } from '../ledger/index'
import * as q from './ipo.sql'
import { withdrawalLines } from './postings'

export interface WithdrawDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  messages: Messages
  userEvents: UserEvents
}

export interface WithdrawSummary {
  id: string
  reason: string
  /** Applications that failed (status 5), by what they were before. */
  awaiting: number
  pending: number
  paid: number
}

/**
 * An operator withdraws an offer before its listing day (上場中止, as happens in Japan): in ONE SQL
 * transaction the offer is marked withdrawn with its reason, every application awaiting the draw,
 * won and pending payment, or paid becomes failed (status 5), all their money returns in ONE
 * ledger posting (frozen amounts to `available`, paid costs from the house), each applicant gets a
 * message, and the audit row is written. The applicants hear `ipo:withdrawn` after the commit.
 * Lost, waived and lapsed applications stay as they were; a withdrawn offer is never drawn nor listed.
 */
export function createWithdrawal(deps: WithdrawDeps) {
  const { db, clock, ledger, messages } = deps

  async function withdraw(
    offerId: bigint,
    operator: string,
    reason: string,
  ): Promise<WithdrawSummary> {
    const result = await db.transaction().execute(async (trx) => {
      const now = clock.now()
      const offer = await q.claimWithdrawal(trx, offerId, { now, reason, operator })
      if (!offer) {
        const found = await q.offerById(trx, offerId)
        if (!found) throw new Refusal('not_found')
        throw new Refusal(found.withdrawn_at !== null ? 'ipo_withdrawn' : 'ipo_listed_already')
      }
      const currency = offer.currency as Currency
      // In this order: a payment that commits while we wait on its row moves it from 2 to 4, and
      // the statement for 4, which runs later, takes it with its paid cost.
      const awaiting = await q.failApplications(trx, offer.id, q.AWAITING, now)
      const pending = await q.failApplications(trx, offer.id, q.PENDING, now)
      const paid = await q.failApplications(trx, offer.id, q.PAID, now)
      const lines: Posting[] = []
      let houseOut = 0n
      const returned = new Map<bigint, bigint>()
      for (const app of awaiting) {
        lines.push(...withdrawalLines(app.user_id, currency, { frozen: app.amount, paid: 0n }))
        returned.set(app.id, app.amount)
      }
      for (const app of paid) {
        const cost = app.won_lots * offer.lot * offer.price
        houseOut += cost
        lines.push(...withdrawalLines(app.user_id, currency, { frozen: 0n, paid: cost }))
        returned.set(app.id, cost)
      }
      if (houseOut > 0n) {
        lines.push({ account: { house: 'bank_clearing', currency }, amount: -houseOut })
      }
      if (lines.length > 0) {
        await ledger.post(trx, {
          kind: 'ipo_cancel',
          userId: null,
          orderNo: newOrderNo('IP', now),
          postings: lines,
        })
      }
      const failed = [...awaiting, ...pending, ...paid]
      for (const app of failed) {
        await messages.send(trx, {
          userId: app.user_id,
          title: 'ipo.withdrawn.title',
          summary: 'ipo.withdrawn.summary',
          params: {
            code: offer.code,
            reason,
            amount: formatAmount(returned.get(app.id) ?? 0n, currency),
            currency,
          },
        })
      }
      const summary: WithdrawSummary = {
        id: String(offer.id),
        reason,
        awaiting: awaiting.length,
        pending: pending.length,
        paid: paid.length,
      }
      await audit(
        trx,
        { operator, action: 'ipo.cancel', target: `ipo:${offer.id}`, before: null, after: summary },
        now,
      )
      return { offer, failed, summary }
    })
    // Committed: a screen that re-reads on this event sees the failure and the reason.
    for (const app of result.failed) {
      deps.userEvents.emit(app.user_id, {
        type: 'ipo:withdrawn',
        id: String(result.offer.id),
        code: result.offer.code,
        application: String(app.id),
        status: IPO_STATUS.failed,
        reason,
      })
    }
    return result.summary
  }

  return { withdraw }
}

export type Withdrawal = ReturnType<typeof createWithdrawal>
