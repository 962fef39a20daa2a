import { LISTINGS } from '@kabu/shared/market/listings/index'
import { localDate } from '@kabu/shared/market/sessions'
import type { Listing, Market, Quote } from '@kabu/shared/market/types'
import { alwaysCalendar, realCalendar } from './calendar'
import { marketContext, type MarketContext } from './context'
import { HISTORY_DAYS, historyStart } from './history'
import { InstrumentSim } from './instrument'
import { lazyPast } from './lazy-past'
import { quoteOf } from './quote'

const MARKETS: readonly Market[] = ['jp', 'us', 'cn']

/** A listing's expected value traded a day at its base price: how busy it is. */
const dailyValue = (listing: Listing) => listing.sharesOutstanding * listing.basePrice

/**
 * A clock step longer than this is a jump (start, time travel, a stalled event loop): its prints are
 * played without a quote each, and only the resulting quote of every instrument is published.
 */
const CATCH_UP_MS = 5_000

export interface Simulator {
  readonly contexts: Record<Market, MarketContext>
  /** The instruments built so far: every listing with real facts, the others as they are needed. */
  readonly instruments: ReadonlyMap<string, InstrumentSim>
  /** The instrument of a listed code (exact code), built on first use; undefined if not listed. */
  instrument(code: string): InstrumentSim | undefined
  /** How many listings are not built yet. */
  unbuilt(): number
  /** How many steps `build` has left: listings to build, and with `ranges`, ranges to price. */
  pending(ranges: boolean): number
  /**
   * Builds not yet built instruments, busiest first, for about `budgetMs` (0: all of them); with
   * `ranges`, then prices their pasts' 52-week ranges (a market-wide list needs them). Returns how
   * many of those steps are left.
   */
  build(budgetMs: number, ranges?: boolean): number
  /**
   * Plays every instrument up to `now`; returns the quotes published by this step. With
   * `publish` false it plays the same prints (bars, depth and tape move on alike) and returns none: a
   * follower of a cluster (issue 16), whose quotes are the leader's.
   */
  advance(now: number, publish?: boolean): Quote[]
  trading(market: Market, now: number): boolean
  /**
   * Starts quoting a new share listed at `listingAt`: from its first trading day, its first-day
   * open gapped from the offer price. A code already quoted is left as it is.
   */
  addDebut(listing: Listing, offerPrice: number, listingAt: number, now: number): void
}

/**
 * The simulation of `listings` from `now` on. Listings with real facts (the hand-made catalogue,
 * indices) are built at once; those with simulated facts (the rest of the Tokyo market, thousands of
 * codes) are built on first use or by `build`, each from the same first day as if it had been built
 * at start: the days and the minute path are the same; a code built later plays more of today's
 * minutes as bars (minute-summary.ts), so only the prints inside those minutes differ.
 */
export function createSimulator(
  seed: number,
  marketHours: 'real' | 'always',
  now: number,
  listings: readonly Listing[] = LISTINGS,
): Simulator {
  const calendarOf = marketHours === 'real' ? realCalendar : alwaysCalendar
  const contexts = {} as Record<Market, MarketContext>
  for (const market of MARKETS) contexts[market] = marketContext(seed, calendarOf(market))

  const instruments = new Map<string, InstrumentSim>()
  const startDays = new Map<Market, string>()
  const firstDates = new Map<Market, string>()
  for (const market of MARKETS) {
    const context = contexts[market]
    const currentDay = context.calendar.currentDay(now)
    startDays.set(market, currentDay)
    firstDates.set(market, historyStart(context, currentDay, HISTORY_DAYS[marketHours]))
  }
  let lastStep = now
  // Building thousands of codes at one step asks for the same day thousands of times.
  const dayCache = new Map<Market, { at: number; day: string }>()
  const currentDayAt = (market: Market, at: number) => {
    const cached = dayCache.get(market)
    if (cached?.at === at) return cached.day
    const day = contexts[market].calendar.currentDay(at)
    dayCache.set(market, { at, day })
    return day
  }
  // A long-tail code dropped by a clock jump (see `advance`) is built again from its old seq on.
  const seqFloor = new Map<string, number>()
  const buildNow = (listing: Listing) => {
    const context = contexts[listing.market]
    const firstDate = firstDates.get(listing.market) ?? ''
    const startDay = startDays.get(listing.market) ?? ''
    let sim: InstrumentSim
    if (listing.simulatedFacts) {
      // The long tail walks from the start day; its year before is priced when someone asks.
      const past = lazyPast(context, () => sim, firstDate, startDay)
      sim = new InstrumentSim(context, listing, startDay, undefined, past)
    } else sim = new InstrumentSim(context, listing, firstDate)
    sim.seq = seqFloor.get(listing.code) ?? 0
    seqFloor.delete(listing.code)
    sim.advance(lastStep, currentDayAt(listing.market, lastStep))
    instruments.set(listing.code, sim)
    return sim
  }
  const later = new Map<string, Listing>()
  for (const listing of listings) {
    if (listing.simulatedFacts) later.set(listing.code, listing)
    else buildNow(listing)
  }
  // Busiest first: the codes most people look at are built before the long tail.
  const queue = [...later.values()].sort((a, b) => dailyValue(b) - dailyValue(a))
  let next = 0
  let ranged = 0
  /**
   * A long-tail code whose walked day ended before a clock jump's `now` goes back to be built
   * again (on first use or in the background) instead of walking the rest of that day minute by
   * minute: for thousands of codes in the 24-hour days of MARKET_HOURS=always that walk took
   * 30 s of one core at a one-day jump, with the event loop held. Rebuilt, the code prices the
   * days it missed by the daily model, as history (that one day's bar is the model's, not the
   * aggregate of the prints it showed before the jump), and its seq goes on from where it was.
   */
  const dropForRebuild = (sim: InstrumentSim) => {
    instruments.delete(sim.listing.code)
    later.set(sim.listing.code, sim.listing)
    seqFloor.set(sim.listing.code, sim.seq)
  }
  // The queue holds the whole long tail: going through it again builds what was dropped (the rest
  // is skipped) and prices the ranges not priced yet (the priced ones answer at once).
  const requeue = () => {
    next = 0
    ranged = 0
  }
  const wasTrading = new Map<Market, boolean>()
  const trading = (market: Market, at: number) => contexts[market].calendar.isOpen(at)

  return {
    contexts,
    instruments,
    trading,
    instrument(code) {
      const built = instruments.get(code)
      if (built) return built
      const listing = later.get(code)
      if (!listing) return undefined
      later.delete(code)
      return buildNow(listing)
    },
    unbuilt: () => later.size,
    pending: (ranges) => later.size + (ranges ? queue.length - ranged : 0),
    build(budgetMs, ranges = false) {
      const until = performance.now() + budgetMs
      const inTime = () => budgetMs <= 0 || performance.now() < until
      while (later.size > 0 && inTime()) {
        const listing = queue[next++]
        if (!listing) break
        if (later.delete(listing.code)) buildNow(listing)
      }
      // Then each one's 52-week range, which the market-wide lists need (its past priced lazily).
      while (ranges && later.size === 0 && ranged < queue.length && inTime()) {
        const code = queue[ranged++]?.code
        if (code) instruments.get(code)?.pastYearRange()
      }
      return later.size + (ranges ? queue.length - ranged : 0)
    },
    addDebut(listing, offerPrice, listingAt, now) {
      if (instruments.has(listing.code)) return
      const context = contexts[listing.market]
      const sim = new InstrumentSim(context, listing, localDate(listing.market, listingAt), {
        offerPrice,
      })
      sim.advance(now, context.calendar.currentDay(now))
      instruments.set(listing.code, sim)
    },
    advance(at, publish = true) {
      // The clock moved back (time travel): hold every price until time catches up again.
      if (at < lastStep) return []
      const catchUp = at - lastStep > CATCH_UP_MS
      lastStep = at
      const published: Quote[] = []
      const dropped = later.size
      for (const market of MARKETS) {
        const currentDay = contexts[market].calendar.currentDay(at)
        const open = trading(market, at)
        // A session that opens or closes changes every quote's `trading`, prints or not.
        const flipped = wasTrading.has(market) && wasTrading.get(market) !== open
        wasTrading.set(market, open)
        for (const sim of instruments.values()) {
          if (sim.listing.market !== market) continue
          // Nothing to play before its next print, minute or session: most codes, most steps.
          if (sim.wakeAt > at && !flipped) continue
          if (catchUp && sim.listing.simulatedFacts && sim.walking(currentDay)) {
            dropForRebuild(sim)
            continue
          }
          const seqBefore = sim.seq
          const onPrint = catchUp || !publish ? undefined : () => published.push(quoteOf(sim, open))
          sim.advance(at, currentDay, onPrint)
          if (!publish) continue
          if ((catchUp && sim.seq !== seqBefore) || (flipped && sim.seq === seqBefore)) {
            published.push(quoteOf(sim, open))
          }
        }
      }
      if (later.size !== dropped) requeue()
      return published
    },
  }
}
