import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { ReviewQueue } from '../common/review-queue'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import { pendingDecider, moneyOutcome, moneyRowBase, rowsWithAccount } from '../common/review-rows'
import * as q from './deposits.sql'
import type { IdentityChecks } from '../common/identity-checks'
import type { DepositService } from './service'

/** Reasons the auto policy gives; the client translates them like message keys. */
export const AUTO_REASONS = { noVoucher: 'voucher_missing', overLimit: 'amount_above_maximum' }

export interface DepositQueueDeps {
  clock: Clock
  ledger: Ledger
  deposits: Pick<DepositService, 'maximumFor'>
  identity: Pick<IdentityChecks, 'uploadOwnedBy'>
}

/**
 * The back office's `deposit` queue. Approving credits the wallet from the bank clearing account
 * (the money has arrived at the broker's bank) in the reviewer's transaction; rejecting only
 * records the reason, since nothing was credited.
 */
export function depositQueue({ clock, ledger, deposits, identity }: DepositQueueDeps): ReviewQueue {
  const decide = pendingDecider('deposits', clock)
  return {
    kind: 'deposit',

    async list(db, status) {
      const rows = await rowsWithAccount(db, 'deposits', status)
      return rows.map((r) => ({
        ...moneyRowBase(r, status),
        channel: r.channel,
        voucher: r.voucher_id,
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await decide(trx, id, q.APPROVED, operator, null)
      const currency = row.currency as Currency
      await ledger.post(trx, {
        kind: 'deposit',
        userId: row.user_id,
        orderNo: row.order_no,
        postings: [
          { account: { house: 'bank_clearing', currency }, amount: -row.amount },
          { account: { user: row.user_id, book: 'available', currency }, amount: row.amount },
        ],
      })
      return moneyOutcome(row)
    },

    async reject(trx, id, operator, reason) {
      const row = await decide(trx, id, q.REJECTED, operator, reason)
      return moneyOutcome(row)
    },

    /** Demo policy: a slip photo is there and the amount is still within the user's limit. */
    async autoDecide(db: Kysely<Database>, id: bigint) {
      const row = await q.findDeposit(db, id)
      if (!row) return { approve: false, reason: 'not_found' }
      const voucher = row.voucher_id
      if (!voucher || !(await identity.uploadOwnedBy(db, row.user_id, voucher, 'voucher'))) {
        return { approve: false, reason: AUTO_REASONS.noVoucher }
      }
      const { max } = await deposits.maximumFor(row.user_id, row.currency as Currency, db)
      if (row.amount > max) return { approve: false, reason: AUTO_REASONS.overLimit }
      return { approve: true }
    },
  }
}
