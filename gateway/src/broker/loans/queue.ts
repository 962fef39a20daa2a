import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { LoanSettings } from '../../config'
import type { ReviewQueue } from '../common/review-queue'
import type { Ledger } from '../ledger/index'
import { pendingDecider, moneyOutcome, moneyRowBase, rowsWithAccount } from '../common/review-rows'
import { readCredit, type IdentityStatusOf } from './credit'
import * as q from './loans.sql'
import { payOutPostings } from './postings'

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
  const decide = pendingDecider('loans', clock)
  return {
    kind: 'loan',

    async list(db, status) {
      const rows = await rowsWithAccount(db, 'loans', status)
      return rows.map((r) => ({
        ...moneyRowBase(r, status),
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await decide(trx, id, q.APPROVED, operator, null)
      await ledger.post(trx, {
        kind: 'loan',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: payOutPostings(row.user_id, row.currency as Currency, row.amount),
      })
      return moneyOutcome(row)
    },

    async reject(trx, id, operator, reason) {
      const row = await decide(trx, id, q.REJECTED, operator, reason)
      return moneyOutcome(row)
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
