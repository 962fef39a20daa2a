import { roundUnitsToTick, type TickRules } from '@kabu/shared/market/ticks'
import type { MarketService } from '../../market/index'
import type { OrderSplit, SplitOrders } from '../common/split-orders'
import { endOrder, orderUpdated } from './order-settle'
import { moveOrder, type OrderRow } from './orders.sql'
import type { Settlement } from './settle'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

type Rounding = 'down' | 'up' | 'nearest'

/** A price of the old shares in the new ones, on the grid; null when it leaves no price. */
function splitPrice(
  rules: TickRules,
  price: bigint | null,
  s: OrderSplit,
  mode: Rounding,
): bigint | null | undefined {
  if (price === null) return null
  const exact = (price * s.den) / s.num
  const units = roundUnitsToTick(rules, Number(exact), mode)
  return units > 0 ? BigInt(units) : undefined
}

/**
 * What a split does to one working order placed before the ex-date: its shares follow the split,
 * its limit, trigger and trail divide (or multiply) and move onto the new price's grid: a buy's
 * limit down, so its frozen cash still covers it, a sell's up, so it never sells for less. Null
 * when that cannot be done: a reverse split that leaves a fraction of a share, or a price that
 * rounds to nothing.
 */
function adjusted(rules: TickRules, o: OrderRow, s: OrderSplit) {
  const shares = (n: bigint) => ((n * s.num) % s.den === 0n ? (n * s.num) / s.den : undefined)
  const num = shares(o.num)
  const filled = shares(o.filled_num)
  const price = splitPrice(rules, o.price, s, o.side === 'buy' ? 'down' : 'up')
  const trigger = splitPrice(rules, o.trigger_price, s, 'nearest')
  const trail = splitPrice(rules, o.trail, s, 'nearest')
  const best = splitPrice(rules, o.best_price, s, 'nearest')
  if (num === undefined || filled === undefined) return null
  if (price === undefined || trigger === undefined || trail === undefined || best === undefined)
    return null
  return { num, filled_num: filled, price, trigger_price: trigger, trail, best_price: best }
}

/**
 * Trading's side of a split (the `SplitOrders` port): the code's working orders placed before the
 * ex-date adjusted, or cancelled with their frozen cash released (`trade_cancel`), each guarded by
 * the order as read, so a fill racing it wins and the split's pass fails and runs again.
 */
export function createSplitOrders(
  deps: Omit<Settlement, 'db'> & { market: Pick<MarketService, 'listing'> },
): SplitOrders {
  return async (db, s, now) => {
    const listing = deps.market.listing(s.code)
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('code', '=', s.code)
      .where(WORKING_ORDERS)
      .where('created_at', '<', BigInt(s.exStart))
      .orderBy('id')
      .execute()
    const events = []
    // An OCO's other leg ends with the leg cancelled here: it is not there to adjust any more.
    const endedWith = new Set<bigint>()
    for (const o of orders) {
      if (endedWith.has(o.id)) continue
      const change = listing ? adjusted(listing, o, s) : null
      if (change) {
        if (!(await moveOrder(db, o, change, now)))
          throw new Error(`order ${o.id} moved under a split`)
        events.push({ userId: o.user_id, event: orderUpdated({ ...o, ...change }) })
        continue
      }
      const ended = await endOrder({ ...deps, db }, o, 'cancelled', now)
      if (!ended) throw new Error(`order ${o.id} moved under a split`)
      events.push({ userId: o.user_id, event: orderUpdated({ ...o, status: 'cancelled' }) })
      for (const other of ended) {
        endedWith.add(other.id)
        events.push({ userId: o.user_id, event: orderUpdated(other) })
      }
    }
    return events
  }
}
