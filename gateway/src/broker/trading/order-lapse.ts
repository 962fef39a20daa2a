import type { MarketService } from '../../market/index'
import { periodicJob } from '../common/periodic-job'
import type { OrderBookDeps } from './order-book'
import { carryOverCheck } from './order-carry'
import { endOrder, lostRace, orderUpdated } from './order-settle'
import { seedUpdate } from './order-wire'
import { lapsedBy, partlyFilledDated, type OrderRow } from './orders.sql'
import { marketDays, orderTerm } from '@kabu/shared/market/validity'
import type { Market } from '@kabu/shared/market/types'

/**
 * The orders job (MARKET-RULES.md §8): a working order whose validity has ended (a day order at
 * its day's close, a dated one at its last day's close) lapses as `expired`; a buy's frozen cash
 * goes back to available in the same transaction, a sell's holding is held again, and the user is
 * told (`order:updated`, and `trade:updated` for screens written against the seed). A dated order
 * carried into a day whose price limits exclude its limit lapses too (order-carry.ts), and with
 * ORDER_PARTIAL_LAPSES one filled in part at the close of the day it first filled. Each lapse is
 * guarded like a cancel, so a fill or a cancel that got there first wins and a second gateway
 * lapses nothing twice.
 */
export function createOrderLapse(
  deps: OrderBookDeps & {
    market: Pick<MarketService, 'listing' | 'snapshot'>
    marketHours: 'real' | 'always'
    everyMs: number
    onError: (error: unknown) => void
  },
) {
  const { db, clock, ledger, settings, userEvents, nisa, tax } = deps
  const outsideLimits = carryOverCheck(deps)

  /** Dated orders filled in part on a day whose close has passed (when the setting says so). */
  async function partlyFilledBefore(now: number): Promise<OrderRow[]> {
    if (!settings.partialLapsesAtClose) return []
    const partly = await partlyFilledDated(db)
    return partly
      .filter(({ order, firstFill }) => {
        const days = marketDays(order.market as Market, deps.marketHours)
        const term = orderTerm(days, firstFill, 'day', settings.orderGtdDays)
        return typeof term !== 'string' && term.expiresAt <= now
      })
      .map(({ order }) => order)
  }

  async function lapse(o: OrderRow, now: number): Promise<void> {
    const done = await db
      .transaction()
      .execute((trx) => endOrder({ db: trx, ledger, settings, nisa, tax }, o, 'expired', now))
      .catch(lostRace)
    if (!done) return
    userEvents.emit(o.user_id, orderUpdated({ ...o, status: 'expired' }))
    userEvents.emit(o.user_id, seedUpdate(o, 'expired'))
    for (const other of done) userEvents.emit(o.user_id, orderUpdated(other))
  }

  return periodicJob(
    async () => {
      const now = clock.now()
      const ended = await lapsedBy(db, now)
      for (const o of ended) await lapse(o, now)
      const gone = new Set(ended.map((o) => o.id))
      const more = [...(await outsideLimits(now)), ...(await partlyFilledBefore(now))]
      for (const o of more) {
        if (gone.has(o.id)) continue
        gone.add(o.id)
        await lapse(o, now)
      }
    },
    { everyMs: deps.everyMs, onError: deps.onError },
  )
}
