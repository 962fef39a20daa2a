import type {
  Bar,
  BarInterval,
  CorporateAction,
  FeedStatus,
  Listing,
  Market,
  PriceAdjust,
  Quote,
} from '@kabu/shared/market/types'
import type { Depth } from '@kabu/shared/market/depth'
import type { MarketSummary } from '@kabu/shared/market/summary'
import type { Logger } from 'pino'
import { toKatakana } from 'wanakana'
import type { Clock } from '../clock'
import { barsOf } from './bar-query'
import { debutListing, type Debut } from './debut'
import { depthOf } from './depth'
import type { InstrumentSim } from './instrument'
import { quoteOf } from './quote'
import { rankQuotes, type RankBy } from './rank'
import { marketSummary } from './summary'
import { createSimulator } from './simulator'
import {
  createRealSource,
  simulatorSource,
  type KeptDay,
  type QuoteSourceSettings,
} from './sources/index'
import { createCatalogue } from './universe/catalogue'
import { wholeMarket } from './universe/whole-market'
import { yearRangeOfBars, type YearRange } from './year-range'

export type { RankBy } from './rank'
export type { KeptDay } from './sources/index'

/** How long a market summary is answered again before it is made afresh (clock ms). */
const SUMMARY_KEPT_MS = 5_000
export type { Debut } from './debut'

export interface MarketService {
  listing(code: string): Listing | undefined
  search(q: string, limit?: number): Listing[]
  snapshot(code: string): Quote | undefined
  snapshots(codes: string[]): Quote[]
  indices(): Quote[]
  /**
   * Resolves once every listed code has its simulation built (with `ranges`, its 52-week range
   * too), building what is left in slices that leave the event loop free: await it before `rank`
   * (or `summary`, with ranges), which draw on the whole market and would otherwise build the rest
   * at once.
   */
  whole(ranges?: boolean): Promise<void>
  rank(market: Market, by: RankBy, limit?: number): Quote[]
  /** Bars whose start lies in [from, to] (epoch seconds), adjusted for corporate actions or not. */
  bars(code: string, interval: BarInterval, from?: number, to?: number, adjust?: PriceAdjust): Bar[]
  /** Splits and dividends whose ex-date has been reached, newest last; [] for an unknown code. */
  corporateActions(code: string): CorporateAction[]
  /** Book, tape and VWAP of `code` (tape prints with a seq above `afterSeq`); undefined if unknown. */
  depth(code: string, afterSeq?: number): Depth | undefined
  /** One market's summary pages: indicators, sectors, short selling, flows, 52-week ranges. */
  summary(market: Market): MarketSummary
  /**
   * High and low of the daily bars of the year before today (as `bars` gives them, unadjusted);
   * with `onlyIfPriced`, undefined for a long-tail code whose past year is not priced yet.
   */
  pastYearRange(code: string, onlyIfPriced?: boolean): YearRange | undefined
  status(): FeedStatus
  /** Whether the source feeding `code` has stopped delivering: market orders are refused then. */
  isStale(code: string): boolean
  /** Every print, as it happens (the hub conflates). Returns an unsubscribe function. */
  onQuotes(listener: (quotes: Quote[]) => void): () => void
  /**
   * A new share reaches its listing: from then on it is a listing like the catalogue's (quotes,
   * bars, depth, orders), priced by the simulator from its offer price and first-day move. Adding
   * one already listed does nothing, so every gateway may add every listed offer on each pass.
   */
  addDebut(debut: Debut): void
  /**
   * Whether this market's sources print (so from the start): the real source runs and the
   * simulator's prints reach `onQuotes`. A follower of a cluster turns it off (issue 16): its real
   * source stops fetching, and its simulator plays on without printing, keeping its bars, depth
   * and tape current and itself live, while the quotes it serves are the leader's.
   */
  printing(on: boolean): void
  /**
   * The prints a cluster's leader published (issue 16), on a gateway whose market does not print:
   * those of the codes its real source carries go into that source's books, as its own prints
   * would, so a follower's bars of a polled or replayed code are the leader's, and a replay goes
   * on from there if this gateway comes to lead. Ignored while this market prints.
   */
  follow(quotes: readonly Quote[]): void
  /**
   * The 1m bar the last print of `code` went into, for a code whose day a gateway that joins a
   * cluster late cannot chart by itself (a polled code: its upstream says the latest price alone),
   * so the leader keeps it (issue 16); undefined for every other code (the simulator plays the same
   * seeded market on every gateway, a replay its own copy of the file).
   */
  minuteToKeep(code: string): Bar | undefined
  /**
   * A day the leader kept (`minuteToKeep`), on a gateway whose market does not print: taken when it
   * goes further than the quotes followed, so a gateway that joins late charts that day's minutes
   * before it joined as the leader did. Ignored while this market prints.
   */
  followDay(day: KeptDay): void
  start(): void
  stop(): void
}

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
