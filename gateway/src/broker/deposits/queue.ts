import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { ReviewOutcome, ReviewQueue } from '../../ops/reviews'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import { Refusal } from '../refusal'
import * as q from './deposits.sql'
import type { IdentityChecks } from './identity-checks'
import type { DepositService } from './service'

const STATUS_NAME = { pending: q.PENDING, approved: q.APPROVED, rejected: q.REJECTED } as const

/** Reasons the auto policy gives; the client translates them like message keys. */
export const AUTO_REASONS = { noVoucher: 'voucher_missing', overLimit: 'amount_above_maximum' }

export interface DepositQueueDeps {
  clock: Clock
  ledger: Ledger
  deposits: Pick<DepositService, 'maximumFor'>
  identity: Pick<IdentityChecks, 'uploadOwnedBy'>
}

type Row = NonNullable<Awaited<ReturnType<typeof q.findDeposit>>>

function outcome(row: Row, before: string): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: before },
    after: { status: row.status === q.APPROVED ? 'approved' : 'rejected', reason: row.reason },
    params: { amount: formatUnits(row.amount), currency: row.currency, order_no: row.order_no },
  }
}

/**
 * The back office's `deposit` queue. Approving credits the wallet from the bank clearing account
 * (the money has arrived at the broker's bank) in the reviewer's transaction; rejecting only
 * records the reason, since nothing was credited.
 */
export function depositQueue({ clock, ledger, deposits, identity }: DepositQueueDeps): ReviewQueue {
  return {
    kind: 'deposit',

    async list(db, status) {
      const code = STATUS_NAME[status as keyof typeof STATUS_NAME]
      if (code === undefined) return []
      const rows = await q.depositsWithAccount(db, code)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.amount),
        currency: r.currency,
        channel: r.channel,
        voucher: r.voucher_id,
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
      return outcome(row, 'pending')
    },

    async reject(trx, id, operator, reason) {
      const row = await q.decide(trx, id, {
        status: q.REJECTED,
        operator,
        reason,
        now: clock.now(),
      })
      if (!row) throw new Refusal('not_found')
      return outcome(row, 'pending')
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
