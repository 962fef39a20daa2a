import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { FundsSettings } from '../../config'
import type { FxSource } from '../../market/fx'
import { limitsFor } from '../common/currency-limits'
import { Refusal } from '../common/refusal'
import type { ReviewQueue } from '../common/review-queue'
import type { Ledger, Posting } from '../ledger/index'
import {
  pendingDecider,
  type ReviewedRow,
  moneyOutcome,
  moneyRowBase,
  rowsWithAccount,
} from '../common/review-rows'
import * as q from './withdrawals.sql'

type Row = ReviewedRow<'withdrawals'>

/**
 * The back office's `withdraw` queue. The amount has been frozen since the request: approving
 * pays it out of the frozen book to the bank (bank clearing), rejecting returns it to available.
 * Either way the frozen book drops by exactly the amount frozen, in the reviewer's transaction.
 */
export function withdrawQueue({
  clock,
  ledger,
  settings,
  fx,
}: {
  clock: Clock
  ledger: Ledger
  settings: FundsSettings
  fx: FxSource
}): ReviewQueue {
  const unfreeze = (row: Row, to: 'bank' | 'available'): Posting[] => {
    const currency = row.currency as Currency
    return [
      { account: { user: row.user_id, book: 'frozen', currency }, amount: -row.amount },
      to === 'bank'
        ? { account: { house: 'bank_clearing', currency }, amount: row.amount }
        : { account: { user: row.user_id, book: 'available', currency }, amount: row.amount },
    ]
  }

  const decide = pendingDecider('withdrawals', clock)
  return {
    kind: 'withdraw',

    async list(db, status) {
      const rows = await rowsWithAccount(db, 'withdrawals', status)
      return rows.map((r) => ({
        ...moneyRowBase(r, status),
        bank_name: r.bank_name,
        card_number_masked: r.card_number_masked,
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await decide(trx, id, q.APPROVED, operator, null)
      await ledger.post(trx, {
        kind: 'withdraw_pay',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: unfreeze(row, 'bank'),
      })
      return moneyOutcome(row)
    },

    async reject(trx, id, operator, reason) {
      const row = await decide(trx, id, q.REJECTED, operator, reason)
      await ledger.post(trx, {
        kind: 'withdraw_release',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: unfreeze(row, 'available'),
      })
      return moneyOutcome(row)
    },

    /**
     * Four eyes (FOUR_EYES_WITHDRAW_ABOVE): above the threshold in the wallet's currency, two
     * different approvers. The no-op UPDATE takes the row's lock on both stores, so a second
     * approver's transaction waits for the first one's approval row instead of missing it.
     */
    async approvalsNeeded(trx, id) {
      const row = await trx
        .updateTable('withdrawals')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', id)
        .where('status', '=', q.PENDING)
        .returning(['amount', 'currency'])
        .executeTakeFirst()
      if (!row) throw new Refusal('not_found')
      const above = limitsFor(settings, fx, row.currency as Currency).fourEyesAbove
      return above !== undefined && row.amount > above ? 2 : 1
    },

    /**
     * Demo policy: every rule was checked when the request was made and the money is frozen, so
     * there is nothing left to refuse it for (no hidden gate, DESIGN.md).
     */
    async autoDecide() {
      return { approve: true }
    },
  }
}
