import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { ReviewOutcome, ReviewQueue } from '../common/review-queue'
import type { Ledger } from '../ledger/index'
import * as q from './daytrade.sql'
import { fundTx, releaseTx } from './postings'
import { tradingWindow } from './window'

export interface DaytradeQueueDeps {
  clock: Clock
  ledger: Ledger
  marketHours: 'real' | 'always'
}

const LISTED: Record<string, bigint[]> = {
  pending: [q.SUBMITTED],
  approved: [q.TRADING, q.APPLIED, q.TRADED],
  rejected: [q.FAILED],
}

const participationOf = (row: q.ParticipationRow) => ({
  userId: row.user_id,
  orderNo: row.order_no,
  currency: row.currency as Currency,
  funds: row.funds,
})

function outcome(row: q.ParticipationRow): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: 'submitted' },
    after: {
      status: row.status === q.FAILED ? 'failed' : row.status === q.TRADING ? 'trading' : 'applied',
      reason: row.reason,
      opens_at: row.opens_at === null ? null : Number(row.opens_at),
      closes_at: row.closes_at === null ? null : Number(row.closes_at),
    },
    params: {
      amount: formatAmount(row.funds, row.currency),
      currency: row.currency,
      order_no: row.order_no,
    },
  }
}

/**
 * The back office's `daytrade` queue. Approving moves the funds from `frozen` to the user's
 * `intraday` book and fixes the trading day (window.ts): `trading` when it has opened, else
 * `applied` until it does. Rejecting returns the funds to `available` (`failed`, with the reason).
 * The auto policy's published rule: approve, unless the account has been barred from trading.
 */
export function daytradeQueue({ clock, ledger, marketHours }: DaytradeQueueDeps): ReviewQueue {
  return {
    kind: 'daytrade',

    async list(db, status) {
      const statuses = LISTED[status]
      if (!statuses) return []
      const rows = await q.withAccount(db, statuses)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status,
        created: Number(r.created_at),
        order_no: r.order_no,
        money: formatUnits(r.funds),
        currency: r.currency,
        market: r.market,
        trading_barred: r.trading_barred === 1n,
        reason: r.reason,
      }))
    },

    async approve(trx, id, operator) {
      const row = await q.byId(trx, id)
      if (!row || row.status !== q.SUBMITTED) throw new Refusal('not_found')
      const now = clock.now()
      const window = tradingWindow(row.market as Market, marketHours, now)
      const decided = await q.decide(trx, id, {
        status: now >= window.opensAt ? q.TRADING : q.APPLIED,
        operator,
        reason: null,
        now,
        ...window,
      })
      if (!decided) throw new Refusal('not_found')
      await ledger.post(trx, fundTx(participationOf(decided)))
      return outcome(decided)
    },

    async reject(trx, id, operator, reason) {
      const decided = await q.decide(trx, id, {
        status: q.FAILED,
        operator,
        reason,
        now: clock.now(),
      })
      if (!decided) throw new Refusal('not_found')
      await ledger.post(trx, releaseTx(participationOf(decided)))
      return outcome(decided)
    },

    async autoDecide(db: Kysely<Database>, id) {
      const [row] = await q.withAccount(db, [q.SUBMITTED], id)
      if (!row) throw new Refusal('not_found')
      if (row.trading_barred === 1n) return { approve: false, reason: 'trading_barred' }
      return { approve: true }
    },
  }
}
