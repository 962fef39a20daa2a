import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { LoanSettings } from '../../config'
import type { ReviewOutcome, ReviewQueue } from '../../ops/reviews'
import type { Ledger } from '../ledger/index'
import { Refusal } from '../refusal'
import { readCredit, type IdentityStatusOf } from './credit'
import * as q from './loans.sql'
import { payOutPostings } from './postings'

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

export interface LoanQueueDeps {
  clock: Clock
  ledger: Ledger
  settings: LoanSettings
  identityStatus: IdentityStatusOf
}

/**
 * The back office's `loan` queue. Approving pays the principal into the user's available cash and
 * records the debt in their `borrowed` book, in the reviewer's transaction; rejecting moves no
 * money. The auto policy approves exactly what the published formula allows at decision time.
 */
export function loanQueue(deps: LoanQueueDeps): ReviewQueue {
  const { clock, ledger } = deps
  return {
    kind: 'loan',

    async list(db, status) {
      const code = STATUS_NAME[status as keyof typeof STATUS_NAME]
      if (code === undefined) return []
      const rows = await q.loansWithAccount(db, code)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.amount),
        currency: r.currency,
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
        kind: 'loan',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: payOutPostings(row.user_id, row.currency as Currency, row.amount),
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
      return outcome(row)
    },

    /** The limit may have changed since the request (a loan went overdue): read it again. */
    async autoDecide(db, id) {
      const row = await q.loanById(db, id)
      if (!row) return { approve: false, reason: 'not_found' }
      const currency = row.currency as Currency
      const { credit } = await readCredit(db, deps, row.user_id, currency, clock.now())
      if (row.amount > credit.limit) return { approve: false, reason: 'loan_limit_insufficient' }
      return { approve: true }
    },
  }
}
