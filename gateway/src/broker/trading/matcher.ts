import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Quote } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import type { UserEvents } from '../common/user-events'
import { unitsOf } from './order-rules'
import { closeHolding, fillBuy } from './settle'
import { restingOn, type HoldingRow } from './trading.sql'

export interface MatcherDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  settings: TradingSettings
  /** Tells the user's open screens that a resting order filled (after its commit). */
  userEvents: UserEvents
  onError: (error: unknown) => void
}

/** Whether a print crosses a resting order, and at what price it then fills (the print's). */
function crossing(h: HoldingRow, price: bigint): boolean {
  if (h.status === BigInt(HOLDING.pending)) return h.limit_price !== null && price <= h.limit_price
  return h.sell_price !== null && price >= h.sell_price
}

/**
 * Fills resting limit orders when the simulated market crosses them: a buy when the price falls to
 * its limit or below, a sell when it rises to its limit or above, at the print's price (the limit
 * or better). Each fill is one SQL transaction; a cancel that got there first wins.
 */
export function createMatcher(deps: MatcherDeps) {
  let running: Promise<number> | null = null
  let unsubscribe: (() => void) | null = null

  async function match(quotes: readonly Quote[]): Promise<number> {
    // A special quote carries the last trade's price, not a new print: nothing fills on it.
    const live = new Map(
      quotes.filter((q) => q.trading && q.price > 0 && !q.special).map((q) => [q.code, q]),
    )
    if (live.size === 0) return 0
    let filled = 0
    for (const h of await restingOn(deps.db, [...live.keys()])) {
      const quote = live.get(h.code)
      if (!quote) continue
      const price = unitsOf(quote.price)
      if (!crossing(h, price)) continue
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

  return {
    /** Matches one batch of prints now (tests drive prices through this). */
    match,
    start() {
      unsubscribe ??= deps.market.onQuotes((quotes) => {
        // One pass at a time: prints arriving meanwhile are covered by the next batch.
        if (running) return
        running = match(quotes)
          .catch((error: unknown) => {
            deps.onError(error)
            return 0
          })
          .finally(() => {
            running = null
          })
      })
    },
    /** Stops listening and waits for a pass in flight, so the store can close under it. */
    async stop() {
      unsubscribe?.()
      unsubscribe = null
      await running
    },
  }
}
