import type { Kysely } from 'kysely'
import type { Quote } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { fillBuyOrder, fillSellOrder, lostRace, orderUpdated } from './order-settle'
import { createTriggers, type TriggerDeps } from './order-triggers'
import { seedUpdate } from './order-wire'
import { addPrints, type Print, type Prints } from './prints'
import { restingOn, type OrderRow } from './orders.sql'

export interface MatcherDeps extends TriggerDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'onQuotes' | 'listing' | 'snapshot'>
  settings: TradingSettings
  /** Tells the user's open screens that a resting order filled (after its commit). */
  userEvents: UserEvents
  onError: (error: unknown) => void
}

/**
 * The price a resting order fills at among `prints`: the first print that crosses its limit (a
 * buy when the price falls to it or below, a sell when it rises to it or above) and that is not
 * older than the order as it stands (placed or last amended), so a price from before the order
 * was placed, or before its limit moved, never fills it. Undefined when none does, or for an
 * order with no limit.
 */
export function fillPrice(
  o: Pick<OrderRow, 'side' | 'price' | 'updated_at'>,
  prints: readonly Print[],
): bigint | undefined {
  const limit = o.price
  if (limit === null) return undefined
  const since = Number(o.updated_at)
  const crosses = (price: bigint) => (o.side === 'buy' ? price <= limit : price >= limit)
  return prints.find((p) => p.at >= since && crosses(p.price))?.price
}

/**
 * Fires the stops that prints reach (order-triggers.ts), then fills resting limit orders (the
 * `orders` table) when the market crosses them, at the crossing print's price (the limit or
 * better). Each fill is one SQL transaction; a cancel that got there first wins. Every print
 * counts: those that arrive while a pass runs wait for the next pass, which takes them all.
 */
export function createMatcher(deps: MatcherDeps) {
  const triggers = createTriggers(deps)
  let waiting: Prints = new Map()
  let running: Promise<void> | null = null
  let unsubscribe: (() => void) | null = null

  async function fill(prints: Prints): Promise<number> {
    if (prints.size === 0) return 0
    let filled = await triggers.fire(prints)
    for (const o of await restingOn(deps.db, [...prints.keys()])) {
      const price = fillPrice(o, prints.get(o.code) ?? [])
      if (price === undefined) continue
      const now = deps.clock.now()
      const buying = o.side === 'buy'
      const done = await deps.db
        .transaction()
        .execute((trx) => {
          const s = { db: trx, ledger: deps.ledger, settings: deps.settings }
          return buying ? fillBuyOrder(s, o, price, now) : fillSellOrder(s, o, price, now)
        })
        .catch(lostRace)
      if (!done) continue
      filled++
      // The transaction has committed here, so a screen that re-reads on this event sees the fill.
      deps.userEvents.emit(o.user_id, seedUpdate(o, 'filled'))
      const filledValue = price * o.num
      deps.userEvents.emit(
        o.user_id,
        orderUpdated({ ...o, status: 'filled', filled_num: o.num, filled_value: filledValue }),
      )
      for (const other of done) deps.userEvents.emit(other.user_id, orderUpdated(other))
    }
    return filled
  }

  /** Passes one after another until no print waits. */
  async function drain(): Promise<void> {
    while (waiting.size > 0) {
      const prints = waiting
      waiting = new Map()
      await fill(prints).catch((error: unknown) => deps.onError(error))
    }
  }

  return {
    triggers,
    /** Matches one batch of prints now (tests drive prices through this); how many orders moved. */
    match: (quotes: readonly Quote[]) => fill(addPrints(new Map(), quotes, deps.clock.now())),
    start() {
      unsubscribe ??= deps.market.onQuotes((quotes) => {
        addPrints(waiting, quotes, deps.clock.now())
        running ??= drain().finally(() => {
          running = null
        })
      })
    },
    /** Stops listening and waits for the passes in flight, so the store can close under them. */
    async stop() {
      unsubscribe?.()
      unsubscribe = null
      await running
    },
  }
}
