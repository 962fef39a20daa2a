import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { ReviewOutcome, ReviewQueue } from '../../ops/reviews'
import type { Ledger, Posting } from '../ledger/index'
import { Refusal } from '../refusal'
import * as q from './withdrawals.sql'

const STATUS_NAME = { pending: q.PENDING, approved: q.APPROVED, rejected: q.REJECTED } as const

type Row = NonNullable<Awaited<ReturnType<typeof q.decide>>>

function outcome(row: Row): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: 'pending' },
    after: { status: row.status === q.APPROVED ? 'approved' : 'rejected', reason: row.reason },
    params: { amount: formatUnits(row.amount), currency: row.currency, order_no: row.order_no },
  }
}

/**
 * The back office's `withdraw` queue. The amount has been frozen since the request: approving
 * pays it out of the frozen book to the bank (bank clearing), rejecting returns it to available.
 * Either way the frozen book drops by exactly the amount frozen, in the reviewer's transaction.
 */
export function withdrawQueue({ clock, ledger }: { clock: Clock; ledger: Ledger }): ReviewQueue {
  const unfreeze = (row: Row, to: 'bank' | 'available'): Posting[] => {
    const currency = row.currency as Currency
    return [
      { account: { user: row.user_id, book: 'frozen', currency }, amount: -row.amount },
      to === 'bank'
        ? { account: { house: 'bank_clearing', currency }, amount: row.amount }
        : { account: { user: row.user_id, book: 'available', currency }, amount: row.amount },
    ]
  }

  return {
    kind: 'withdraw',

    async list(db, status) {
      const code = STATUS_NAME[status as keyof typeof STATUS_NAME]
      if (code === undefined) return []
      const rows = await q.withdrawalsWithAccount(db, code)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.amount),
        currency: r.currency,
        bank_name: r.bank_name,
        card_number_masked: r.card_number_masked,
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await q.decide(trx, id, {
        status: q.APPROVED,
        operator,
        reason: null,
        now: clock.now(),
      })
      if (!row) throw new Refusal('not_found')
      await ledger.post(trx, {
        kind: 'withdraw_pay',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: unfreeze(row, 'bank'),
      })
      return outcome(row)
    },

    async reject(trx, id, operator, reason) {
      const row = await q.decide(trx, id, {
        status: q.REJECTED,
        operator,
        reason,
        now: clock.now(),
      })
      if (!row) throw new Refusal('not_found')
      await ledger.post(trx, {
        kind: 'withdraw_release',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: unfreeze(row, 'available'),
      })
      return outcome(row)
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
