import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Quote } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { unitsOf } from './order-rules'
import { closeHolding, fillBuy } from './settle'
import { restingOn, type HoldingRow } from './trading.sql'

export interface MatcherDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'onQuotes'>
  settings: TradingSettings
  /** Tells the user's open screens that a resting order filled (after its commit). */
  userEvents: UserEvents
  onError: (error: unknown) => void
}

/** A trade price of one code, and when it reached the matcher (the injected clock's time). */
export interface Print {
  price: bigint
  at: number
}

/** Prints by code, oldest first. */
export type Prints = Map<string, Print[]>

/**
 * The price a resting order fills at among `prints`: the first print that crosses it (a buy when
 * the price falls to its limit or below, a sell when it rises to its limit or above) and that is
 * not older than the order itself, so a price from before the order was placed never fills it.
 * Undefined when none does.
 */
export function fillPrice(h: HoldingRow, prints: readonly Print[]): bigint | undefined {
  const buying = h.status === BigInt(HOLDING.pending)
  const limit = buying ? h.limit_price : h.sell_price
  if (limit === null) return undefined
  const since = Number(buying ? h.created_at : (h.sell_ordered_at ?? h.created_at))
  const crosses = (price: bigint) => (buying ? price <= limit : price >= limit)
  return prints.find((p) => p.at >= since && crosses(p.price))?.price
}

/** Adds a batch of quotes to `prints`. A special quote carries the last trade, not a new print. */
function addPrints(prints: Prints, quotes: readonly Quote[], at: number): Prints {
  for (const q of quotes) {
    if (!q.trading || q.price <= 0 || q.special) continue
    const list = prints.get(q.code) ?? []
    list.push({ price: unitsOf(q.price), at })
    prints.set(q.code, list)
  }
  return prints
}

/**
 * Fills resting limit orders when the market crosses them, at the crossing print's price (the
 * limit or better). Each fill is one SQL transaction; a cancel that got there first wins. Every
 * print counts: those that arrive while a pass runs wait for the next pass, which takes them all.
 */
export function createMatcher(deps: MatcherDeps) {
  let waiting: Prints = new Map()
  let running: Promise<void> | null = null
  let unsubscribe: (() => void) | null = null

  async function fill(prints: Prints): Promise<number> {
    if (prints.size === 0) return 0
    let filled = 0
    for (const h of await restingOn(deps.db, [...prints.keys()])) {
      const price = fillPrice(h, prints.get(h.code) ?? [])
      if (price === undefined) continue
      const now = deps.clock.now()
      const buying = h.status === BigInt(HOLDING.pending)
      const done = await deps.db.transaction().execute((trx) => {
        const s = { db: trx, ledger: deps.ledger, settings: deps.settings }
        return buying ? fillBuy(s, h, price, now) : closeHolding(s, h, HOLDING.closing, price, now)
      })
      if (!done) continue
      filled++
      // The transaction has committed here, so a screen that re-reads on this event sees the fill.
      const status = buying ? HOLDING.holding : HOLDING.closed
      deps.userEvents.emit(h.user_id, { type: 'trade:updated', id: h.id.toString(), status })
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
    /** Matches one batch of prints now (tests drive prices through this). */
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
