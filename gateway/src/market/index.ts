import type { FeedStatus, Listing, Market, Quote } from '@kabu/shared/market/types'
import type { MarketSummary } from '@kabu/shared/market/summary'
import type { Logger } from 'pino'
import { toKatakana } from 'wanakana'
import type { Clock } from '../clock'
import { barsOf } from './bar-query'
import { debutListing } from './debut'
import { depthOf } from './depth'
import type { InstrumentSim } from './instrument'
import { quoteOf } from './quote'
import { rankQuotes } from './rank'
import { marketSummary } from './summary'
import { createSimulator } from './simulator'
import { createRealSource, simulatorSource, type QuoteSourceSettings } from './sources/index'
import { createCatalogue } from './universe/catalogue'
import { wholeMarket } from './universe/whole-market'
import type { MarketService } from './service'
import { yearRangeOfBars } from './year-range'

export type { RankBy } from './rank'
export type { KeptDay } from './sources/index'

/** How long a market summary is answered again before it is made afresh (clock ms). */
const SUMMARY_KEPT_MS = 5_000
export type { Debut } from './debut'
export type { MarketService } from './service'

export interface MarketDeps {
  clock: Clock
  seed: number
  marketHours: 'real' | 'always'
  logger: Logger
  /** QUOTE_SOURCE; the simulator alone when absent. */
  quoteSource?: QuoteSourceSettings
}

/**
 * The market-data service. The catalogue lists the whole market (the hand-made listings and every
 * other Tokyo code, universe/); the simulator builds a year of history and today's minutes of the
 * hand-made ones at once and of the others when first needed or in the background, and supplies
 * the reference data and every code's quotes; a real source (QUOTE_SOURCE poll or replay) overlays
 * the quotes and bars of the codes it carries. Each source reports its own liveness, so a stopped
 * poller makes only its codes stale.
 */
export function createMarket({
  clock,
  seed,
  marketHours,
  logger,
  quoteSource = { kind: 'simulator' },
}: MarketDeps): MarketService {
  const builtAt = performance.now()
  const catalogue = createCatalogue(seed)
  const simulator = createSimulator(seed, marketHours, clock.now(), catalogue.listings)
  const { instruments } = simulator
  logger.info(
    {
      listings: catalogue.listings.length,
      instruments: instruments.size,
      seed,
      marketHours,
      ms: Math.round(performance.now() - builtAt),
    },
    'market simulator built',
  )

  const summaries = new Map<Market, MarketSummary>()
  const feed = simulatorSource(simulator, clock, logger)
  const whole = wholeMarket(simulator)
  const real = createRealSource(quoteSource, {
    clock,
    logger: logger.child({ source: quoteSource.kind }),
    trading: (market) => simulator.trading(market, clock.now()),
  })

  let printing = true
  let started = false
  // New shares listed while the gateway runs, by upper-case code (lookups ignore case, as the catalogue's).
  const debuts = new Map<string, Listing>()
  const listingOf = (code: string): Listing | undefined =>
    catalogue.listing(code) ?? debuts.get(code.toUpperCase())
  const simOf = (code: string): InstrumentSim | undefined => {
    const listing = listingOf(code)
    return listing && simulator.instrument(listing.code)
  }
  // Until a real source has delivered a code, its simulated quote stands in (and the code is stale).
  const quote = (sim: InstrumentSim) =>
    real?.snapshot(sim.listing.code) ??
    quoteOf(sim, simulator.trading(sim.listing.market, clock.now()))

  return {
    listing: listingOf,
    // Romaji and hiragana find Japanese readings (wanakana does the kana; shared has no library).
    search(q, limit = 20) {
      const needle = q.trim().toUpperCase()
      const newShares = !needle
        ? []
        : [...debuts.values()].filter(
            (l) =>
              l.code.startsWith(needle) ||
              Object.values(l.name).some((n) => n.toUpperCase().includes(needle)),
          )
      return [...newShares, ...catalogue.search(q, limit, toKatakana)].slice(0, limit)
    },
    snapshot(code) {
      const sim = simOf(code)
      return sim && quote(sim)
    },
    snapshots(codes) {
      const quotes: Quote[] = []
      for (const code of codes) {
        const sim = simOf(code)
        if (sim) quotes.push(quote(sim))
      }
      return quotes
    },
    indices: () => [...instruments.values()].filter((s) => s.listing.kind === 'index').map(quote),
    whole: (ranges = false) => whole.ready(ranges),
    rank(market, by, limit = 20) {
      // Normally done already (whole()); if not, correct answers first, a busy event loop second.
      if (simulator.unbuilt() > 0) simulator.build(0)
      const stocks = [...instruments.values()].filter(
        (s) => s.listing.market === market && s.listing.kind === 'stock',
      )
      return rankQuotes(stocks.map(quote), by, limit)
    },
    bars(code, interval, from, to, adjust = 'none') {
      const sim = simOf(code)
      if (!sim) return []
      // A real source's bars are what it delivered; the simulator's corporate actions are not theirs.
      if (real?.carries(sim.listing.code)) return real.bars(sim.listing.code, interval, from, to)
      return barsOf(sim, interval, from, to, adjust)
    },
    corporateActions(code) {
      return simOf(code)?.actions?.applied.slice() ?? []
    },
    depth(code, afterSeq) {
      const sim = simOf(code)
      return sim && depthOf(sim, seed, afterSeq)
    },
    summary(on) {
      // Six pages read one summary, and each phone opening them asks again: over 4,600 codes it
      // is worth keeping for a few seconds (its prices are that old at most).
      const now = clock.now()
      const kept = summaries.get(on)
      if (kept && now >= kept.time && now - kept.time < SUMMARY_KEPT_MS) return kept
      const fresh = marketSummary(this, on, seed, now)
      summaries.set(on, fresh)
      return fresh
    },
    pastYearRange(code, onlyIfPriced = false) {
      const sim = simOf(code)
      if (!sim) return undefined
      if (real?.carries(sim.listing.code)) return yearRangeOfBars(this.bars(code, '1d'))
      return sim.pastYearRange(onlyIfPriced)
    },
    status() {
      const now = clock.now()
      const open = (['jp', 'us', 'cn'] as const).some((m) => simulator.trading(m, now))
      // A clock moved back (time travel) holds every price until it catches up: say so, not live.
      const heldUntil = feed.heldUntil()
      const status: FeedStatus = {
        state: !open ? 'closed' : feed.isLive() && heldUntil === undefined ? 'live' : 'stale',
        source: 'simulator',
        simulated: true,
        lag: feed.lag(),
        hours: marketHours,
        ...(heldUntil !== undefined && { held: { reason: 'clock_behind', resumesAt: heldUntil } }),
      }
      if (!real) return status
      const live = real.isLive()
      const realOpen = real.codes.some((c) => {
        const market = listingOf(c)?.market
        return market !== undefined && simulator.trading(market, now)
      })
      return {
        ...status,
        staleCodes: live ? [] : [...real.codes],
        realSources: [
          {
            source: real.kind,
            label: real.label,
            codes: [...real.codes],
            state: !realOpen ? 'closed' : live ? 'live' : 'stale',
            lag: real.lag(),
          },
        ],
      }
    },
    addDebut(debut) {
      const key = debut.code.toUpperCase()
      if (catalogue.listing(key) ?? debuts.get(key)) return
      const listing = debutListing(seed, debut)
      debuts.set(key, listing)
      simulator.addDebut(listing, debut.offerPrice, debut.listingAt, clock.now())
      // A kept summary would leave the new code out of its counts and sectors for seconds.
      summaries.delete(listing.market)
    },
    isStale(code) {
      const canonical = listingOf(code)?.code ?? code
      return real?.carries(canonical) ? !real.isLive() : !feed.isLive()
    },
    onQuotes(listener) {
      // The simulator keeps pricing a real source's codes (its reference data); those prints stay in.
      const stops = [
        feed.onQuotes(
          real
            ? (quotes) => {
                const own = quotes.filter((q) => !real.carries(q.code))
                if (own.length > 0) listener(own)
              }
            : listener,
        ),
      ]
      if (real) stops.push(real.onQuotes(listener))
      return () => stops.forEach((stop) => stop())
    },
    printing(on) {
      if (printing === on) return
      printing = on
      feed.publishing(on)
      if (!on) real?.stop()
      else if (started) real?.start()
    },
    follow(quotes) {
      // The simulator's codes need nothing: it plays the same seeded market on every gateway.
      if (!printing) real?.follow(quotes)
    },
    minuteToKeep: (code) => real?.minuteToKeep(code),
    followDay(day) {
      if (!printing) real?.followDay(day)
    },
    start() {
      started = true
      feed.start()
      if (printing) real?.start()
      whole.start()
    },
    stop() {
      started = false
      feed.stop()
      real?.stop()
      whole.stop()
    },
  }
}
