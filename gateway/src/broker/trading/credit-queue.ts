import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { ReviewOutcome, ReviewQueue } from '../common/review-queue'
import { type Ledger, type Posting, repayCreditPostings } from '../ledger/index'
import { freezeLines } from './credit'
import * as c from './credit.sql'
import { holdingById, type HoldingRow } from './trading.sql'

const STATUS: Record<string, bigint> = {
  pending: c.PENDING,
  approved: c.APPLIED,
  rejected: c.REJECTED,
}

function outcome(row: c.CreditRequestRow, code: string): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: 'pending' },
    after: {
      status: row.status === c.APPLIED ? 'approved' : 'rejected',
      applied: row.applied === null ? null : formatUnits(row.applied),
      reason: row.reason,
    },
    params: {
      amount: formatAmount(row.credit, row.currency),
      currency: row.currency,
      order_no: row.order_no,
      code,
    },
  }
}

/**
 * The back office's `credit` queue: trust funds (`/trade/ustocks`) waiting with their cash frozen.
 * Approving pays the position's debt down with them (the part the debt no longer needs, if it
 * shrank meanwhile, goes back to available), or adds them to a short's margin; rejecting returns
 * all of it. The auto policy
 * approves while the position still owes: it is the user's own money settling the user's debt.
 */
export function creditQueue({ clock, ledger }: { clock: Clock; ledger: Ledger }): ReviewQueue {
  async function pending(trx: Kysely<Database>, id: bigint) {
    const row = await c.requestById(trx, id)
    if (!row || row.status !== c.PENDING) throw new Refusal('not_found')
    const h = await holdingById(trx, row.holding_id)
    if (!h) throw new Refusal('not_found')
    return { row, h }
  }

  /**
   * A short's trust funds join its margin: the cash frozen at the request stays frozen, now as the
   * position's (no ledger line moves). A short covered meanwhile gets its cash back instead.
   */
  async function approveShort(
    trx: Kysely<Database>,
    row: c.CreditRequestRow,
    h: HoldingRow,
    operator: string,
  ): Promise<ReviewOutcome> {
    const open = h.status === BigInt(HOLDING.holding)
    if (open && !(await c.addHeld(trx, h, row.credit))) {
      throw new Refusal('fund_operation_in_progress')
    }
    const decided = await c.decidePending(trx, row.id, {
      status: c.APPLIED,
      applied: open ? row.credit : 0n,
      reason: null,
      operator,
      now: clock.now(),
    })
    if (!decided) throw new Refusal('not_found')
    if (!open) {
      await ledger.post(trx, {
        kind: 'credit_release',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: freezeLines(row.user_id, row.currency as Currency, row.credit, -1n),
      })
    }
    return outcome(decided, h.code)
  }

  return {
    kind: 'credit',

    async list(db, status) {
      const code = STATUS[status]
      if (code === undefined) return []
      const rows = await c.requestsWithAccount(db, code)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.credit),
        currency: r.currency,
        holding_id: String(r.holding_id),
        code: r.code,
        debt: formatUnits(r.credit_debt),
        applied: r.applied === null ? null : formatUnits(r.applied),
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const { row, h } = await pending(trx, id)
      if (h.side === 'short') return approveShort(trx, row, h, operator)
      const applied = row.credit < h.credit_debt ? row.credit : h.credit_debt
      if (applied > 0n && !(await c.payDown(trx, h, applied))) {
        // A day's interest landed between the read and the write: the operator tries again.
        throw new Refusal('fund_operation_in_progress')
      }
      const decided = await c.decidePending(trx, id, {
        status: c.APPLIED,
        applied,
        reason: null,
        operator,
        now: clock.now(),
      })
      if (!decided) throw new Refusal('not_found')
      const currency = row.currency as Currency
      const postings: Posting[] = [
        { account: { user: row.user_id, book: 'frozen', currency }, amount: -row.credit },
        ...repayCreditPostings(row.user_id, currency, applied),
      ]
      if (row.credit > applied) {
        postings.push({
          account: { user: row.user_id, book: 'available', currency },
          amount: row.credit - applied,
        })
      }
      await ledger.post(trx, {
        kind: 'credit_trust_funds',
        userId: row.user_id,
        orderNo: row.order_no,
        postings,
      })
      return outcome(decided, h.code)
    },

    async reject(trx, id, operator, reason) {
      const { h } = await pending(trx, id)
      const decided = await c.decidePending(trx, id, {
        status: c.REJECTED,
        applied: null,
        reason,
        operator,
        now: clock.now(),
      })
      if (!decided) throw new Refusal('not_found')
      await ledger.post(trx, {
        kind: 'credit_release',
        userId: decided.user_id,
        orderNo: decided.order_no,
        postings: freezeLines(decided.user_id, decided.currency as Currency, decided.credit, -1n),
      })
      return outcome(decided, h.code)
    },

    async autoDecide(db, id) {
      const { h } = await db.transaction().execute((trx) => pending(trx, id))
      const owes = h.side === 'short' ? h.status === BigInt(HOLDING.holding) : h.credit_debt > 0n
      return owes ? { approve: true } : { approve: false, reason: 'credit_not_owed' }
    },
  }
}
