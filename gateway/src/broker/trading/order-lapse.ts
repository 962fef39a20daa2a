import { periodicJob } from '../common/periodic-job'
import type { OrderBookDeps } from './order-book'
import { endOrder, orderUpdated } from './order-settle'
import { seedUpdate } from './order-wire'
import { lapsedBy } from './orders.sql'

/**
 * The orders job (MARKET-RULES.md §8): a working order whose validity has ended (a day order at
 * its day's close, a dated one at its last day's close) lapses as `expired`; a buy's frozen cash
 * goes back to available in the same transaction, a sell's holding is held again, and the user is
 * told (`order:updated`, and `trade:updated` for screens written against the seed). Each lapse is
 * guarded like a cancel, so a fill or a cancel that got there first wins and a second gateway
 * lapses nothing twice.
 */
export function createOrderLapse(
  deps: OrderBookDeps & { everyMs: number; onError: (error: unknown) => void },
) {
  const { db, clock, ledger, settings, userEvents } = deps
  return periodicJob(
    async () => {
      const now = clock.now()
      for (const o of await lapsedBy(db, now)) {
        const done = await db
          .transaction()
          .execute((trx) => endOrder({ db: trx, ledger, settings }, o, 'expired', now))
        if (!done) continue
        userEvents.emit(o.user_id, orderUpdated({ ...o, status: 'expired' }))
        userEvents.emit(o.user_id, seedUpdate(o, 'expired'))
      }
    },
    { everyMs: deps.everyMs, onError: deps.onError },
  )
}
