import { LISTINGS } from '@kabu/shared/market/listings/index'
import { localDate } from '@kabu/shared/market/sessions'
import type { Listing, Market, Quote } from '@kabu/shared/market/types'
import { alwaysCalendar, realCalendar } from './calendar'
import { marketContext, type MarketContext } from './context'
import { HISTORY_DAYS, historyStart } from './history'
import { InstrumentSim } from './instrument'
import { quoteOf } from './quote'

const MARKETS: readonly Market[] = ['jp', 'us', 'cn']

/**
 * A clock step longer than this is a jump (start, time travel, a stalled event loop): its prints are
 * played without a quote each, and only the resulting quote of every instrument is published.
 */
const CATCH_UP_MS = 5_000

export interface Simulator {
  readonly contexts: Record<Market, MarketContext>
  readonly instruments: ReadonlyMap<string, InstrumentSim>
  /** Plays every instrument up to `now`; returns the quotes published by this step. */
  advance(now: number): Quote[]
  trading(market: Market, now: number): boolean
  /**
   * Starts quoting a new share listed at `listingAt`: from its first trading day, its first-day
   * open gapped from the offer price. A code already quoted is left as it is.
   */
  addDebut(listing: Listing, offerPrice: number, listingAt: number, now: number): void
}

export function createSimulator(
  seed: number,
  marketHours: 'real' | 'always',
  now: number,
): Simulator {
  const calendarOf = marketHours === 'real' ? realCalendar : alwaysCalendar
  const contexts = {} as Record<Market, MarketContext>
  for (const market of MARKETS) contexts[market] = marketContext(seed, calendarOf(market))

  const instruments = new Map<string, InstrumentSim>()
  const currentDays = new Map<Market, string>()
  for (const market of MARKETS) currentDays.set(market, contexts[market].calendar.currentDay(now))
  for (const listing of LISTINGS) {
    const context = contexts[listing.market]
    const currentDay = currentDays.get(listing.market) ?? ''
    const firstDate = historyStart(context, currentDay, HISTORY_DAYS[marketHours])
    const sim = new InstrumentSim(context, listing, firstDate)
    sim.advance(now, currentDay)
    instruments.set(listing.code, sim)
  }

  let lastStep = now
  const wasTrading = new Map<Market, boolean>()
  const trading = (market: Market, at: number) => contexts[market].calendar.isOpen(at)

  return {
    contexts,
    instruments,
    trading,
    addDebut(listing, offerPrice, listingAt, now) {
      if (instruments.has(listing.code)) return
      const context = contexts[listing.market]
      const sim = new InstrumentSim(context, listing, localDate(listing.market, listingAt), {
        offerPrice,
      })
      sim.advance(now, context.calendar.currentDay(now))
      instruments.set(listing.code, sim)
    },
    advance(at) {
      // The clock moved back (time travel): hold every price until time catches up again.
      if (at < lastStep) return []
      const catchUp = at - lastStep > CATCH_UP_MS
      lastStep = at
      const published: Quote[] = []
      for (const market of MARKETS) {
        const currentDay = contexts[market].calendar.currentDay(at)
        const open = trading(market, at)
        // A session that opens or closes changes every quote's `trading`, prints or not.
        const flipped = wasTrading.has(market) && wasTrading.get(market) !== open
        wasTrading.set(market, open)
        for (const sim of instruments.values()) {
          if (sim.listing.market !== market) continue
          const seqBefore = sim.seq
          const onPrint = catchUp ? undefined : () => published.push(quoteOf(sim, open))
          sim.advance(at, currentDay, onPrint)
          if ((catchUp && sim.seq !== seqBefore) || (flipped && sim.seq === seqBefore)) {
            published.push(quoteOf(sim, open))
          }
        }
      }
      return published
    },
  }
}
