import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { ReviewOutcome, ReviewQueue } from '../common/review-queue'
import type { Ledger } from '../ledger/index'
import { allocateClosed, allocateOffer } from './allocation'
import * as q from './block.sql'
import { buyTx, releaseTx } from './postings'

export interface BlockQueueDeps {
  clock: Clock
  ledger: Ledger
}

const STATUS: Record<string, bigint> = {
  pending: q.PENDING,
  approved: q.APPROVED,
  rejected: q.REJECTED,
}

const requestOf = (row: q.OrderRow) => ({
  userId: row.user_id,
  orderNo: row.order_no,
  currency: row.currency as Currency,
  amount: row.amount,
})

function outcome(row: q.OrderRow, code: string): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: 'pending', allocated: row.allocated === null ? null : String(row.allocated) },
    after: {
      status: row.status === q.APPROVED ? 'approved' : 'rejected',
      reason: row.reason,
      holding_id: row.holding_id === null ? null : String(row.holding_id),
    },
    params: {
      amount: formatAmount(row.amount, row.currency),
      currency: row.currency,
      order_no: row.order_no,
      code,
      num: String(row.num),
      allocated: String(row.allocated ?? 0n),
    },
  }
}

/**
 * The back office's `block` queue. A request is decided after its offer's window has closed and the
 * published rule has allocated the lots (allocation.ts): approving turns the allocated shares into
 * a holding at the block price and returns the frozen cash of the shares not allocated; rejecting
 * (possible at any time while pending) returns all of it. A request the allocation left without
 * lots can only be rejected. The auto policy approves what was allocated and rejects the rest.
 */
export function blockQueue({ clock, ledger }: BlockQueueDeps): ReviewQueue {
  /** The request, pending, with its offer allocated if the window has closed (in `trx`). */
  async function pendingRequest(trx: Kysely<Database>, id: bigint) {
    const row = await q.orderById(trx, id)
    if (!row || row.status !== q.PENDING) throw new Refusal('not_found')
    const now = clock.now()
    if (row.allocated === null && Number(row.closes_at) <= now) {
      const offer = await q.offerById(trx, row.offer_id)
      if (offer) await allocateOffer(trx, offer, now)
      return (await q.orderById(trx, id)) ?? row
    }
    return row
  }

  return {
    kind: 'block',

    async list(db, status) {
      const code = STATUS[status]
      if (code === undefined) return []
      await allocateClosed(db, clock.now())
      const rows = await q.ordersWithAccount(db, code)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.amount),
        currency: r.currency,
        offer_id: String(r.offer_id),
        code: r.code,
        num: Number(r.num),
        price: formatUnits(r.price),
        allocated: r.allocated === null ? null : Number(r.allocated),
        offered: Number(r.lots * r.lot),
        closes_at: Number(r.closes_at),
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await pendingRequest(trx, id)
      if (row.allocated === null) throw new Refusal('block_allocation_pending')
      if (row.allocated === 0n) throw new Refusal('block_not_allocated')
      const offer = await q.offerById(trx, row.offer_id)
      if (!offer) throw new Refusal('not_found')
      const now = clock.now()
      const holdingId = await q.insertHolding(
        trx,
        {
          userId: row.user_id,
          orderNo: row.order_no,
          code: offer.code,
          market: offer.market,
          currency: row.currency,
        },
        row.allocated,
        row.price,
        now,
      )
      const decided = await q.decidePending(trx, id, {
        status: q.APPROVED,
        operator,
        reason: null,
        now,
        holdingId,
      })
      if (!decided) throw new Refusal('not_found')
      await ledger.post(trx, buyTx(requestOf(decided), decided.price * row.allocated))
      return outcome(decided, row.code)
    },

    async reject(trx, id, operator, reason) {
      const row = await q.orderById(trx, id)
      if (!row) throw new Refusal('not_found')
      const decided = await q.decidePending(trx, id, {
        status: q.REJECTED,
        operator,
        reason,
        now: clock.now(),
      })
      if (!decided) throw new Refusal('not_found')
      await ledger.post(trx, releaseTx(requestOf(decided)))
      return outcome(decided, row.code)
    },

    /** A request whose window is still open has nothing to decide yet: the next pass asks again. */
    async autoDecide(db, id) {
      const row = await db.transaction().execute((trx) => pendingRequest(trx, id))
      if (row.allocated === null) return undefined
      if (row.allocated === 0n) return { approve: false, reason: 'block_not_allocated' }
      return { approve: true }
    },
  }
}
