import type { Kysely } from 'kysely'
import type { Quote } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { fillBuyOrder, fillSellOrder } from './order-fills'
import { lostRace, orderUpdated } from './order-settle'
import { createTriggers, type TriggerDeps } from './order-triggers'
import { seedUpdate } from './order-wire'
import { addPrints, type Print, type Prints, type Tape } from './prints'
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

/** Whether print `p` fills resting order `o`: at or through its limit, and not older than it. */
export function crosses(o: Pick<OrderRow, 'side' | 'price' | 'updated_at'>, p: Print): boolean {
  const limit = o.price
  // A price from before the order was placed, or before its limit moved, never fills it.
  if (limit === null || p.at < Number(o.updated_at)) return false
  return o.side === 'buy' ? p.price <= limit : p.price >= limit
}

/**
 * How `prints` fill `resting` (oldest first): each print, in turn, fills the orders it crosses in
 * that order, each as much as it still wants and the print has shares left, in whole lots of
 * `lot`. Pure: the matcher writes each fill it plans and plans the next from what was written.
 */
export function allocate(
  resting: readonly Pick<OrderRow, 'side' | 'price' | 'updated_at' | 'num' | 'filled_num'>[],
  print: Print,
  lot: bigint,
): bigint[] {
  let left = print.volume - (print.volume % lot)
  return resting.map((o) => {
    if (left === 0n || !crosses(o, print)) return 0n
    const want = o.num - o.filled_num
    const num = want < left ? want : left
    left -= num
    return num
  })
}

/**
 * Fires the stops that prints reach (order-triggers.ts), then fills resting limit orders (the
 * `orders` table) against the prints that cross them, at the print's price (the limit or better),
 * oldest order first, at most the print's shares (allocate): an order larger than the market
 * trades fills in parts (partial). Each fill is one SQL transaction; a cancel or an amend that got
 * there first wins. Every print counts: those that arrive while a pass runs wait for the next
 * pass, which takes them all.
 */
export function createMatcher(deps: MatcherDeps) {
  const triggers = createTriggers(deps)
  const tape: Tape = new Map()
  const seen = (code: string) => deps.market.snapshot(code)?.volume
  let waiting: Prints = new Map()
  let running: Promise<void> | null = null
  let unsubscribe: (() => void) | null = null

  /** Writes one fill; the order as it now stands, or undefined when something moved it first. */
  async function fillOne(o: OrderRow, price: bigint, num: bigint): Promise<OrderRow | undefined> {
    const now = deps.clock.now()
    const fill = o.side === 'buy' ? fillBuyOrder : fillSellOrder
    const done = await deps.db
      .transaction()
      .execute((trx) => fill({ ...deps, db: trx }, o, price, num, now))
      .catch(lostRace)
    if (!done) return undefined
    // The transaction has committed here, so a screen that re-reads on this event sees the fill.
    if (done.order.status === 'filled') deps.userEvents.emit(o.user_id, seedUpdate(o, 'filled'))
    deps.userEvents.emit(o.user_id, orderUpdated(done.order))
    for (const other of done.others) deps.userEvents.emit(other.user_id, orderUpdated(other))
    return done.order
  }

  async function fill(prints: Prints): Promise<number> {
    if (prints.size === 0) return 0
    let filled = await triggers.fire(prints)
    const all = await restingOn(deps.db, [...prints.keys()])
    for (const [code, list] of prints) {
      let book = all.filter((o) => o.code === code)
      const lot = BigInt(deps.market.listing(code)?.lot ?? 1)
      for (const print of list) {
        const nums = allocate(book, print, lot)
        const next: OrderRow[] = []
        for (const [i, o] of book.entries()) {
          const num = nums[i]!
          if (num === 0n) {
            next.push(o)
            continue
          }
          const after = await fillOne(o, print.price, num)
          if (!after) continue
          filled++
          if (after.status === 'partial') next.push(after)
        }
        book = next
      }
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
    match: (quotes: readonly Quote[]) =>
      fill(addPrints(new Map(), quotes, deps.clock.now(), tape, seen)),
    /** Matches prints as given (tests that need a print's exact shares). */
    matchPrints: (prints: Prints) => fill(prints),
    start() {
      unsubscribe ??= deps.market.onQuotes((quotes) => {
        addPrints(waiting, quotes, deps.clock.now(), tape, seen)
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
