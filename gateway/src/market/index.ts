import type { FeedStatus, Listing, Market, Quote } from '@kabu/shared/market/types'
import type { MarketSummary } from '@kabu/shared/market/summary'
import type { Logger } from 'pino'
import { toKatakana } from 'wanakana'
import type { Clock } from '../clock'
import { DEFAULT_PAY_LAG_DAYS, listedActions, type PayLagDays } from './action-schedule'
import { barsOf } from './bar-query'
import { debutListing } from './debut'
import { depthOf } from './depth'
import type { InstrumentSim } from './instrument'
import { quoteOf } from './quote'
import { rankQuotes } from './rank'
import { marketSummary } from './summary'
import { createSimulator } from './simulator'
import {
  createRealSource,
  QuoteDemand,
  RealSources,
  simulatorSource,
  type QuoteSourceSettings,
  type WantedByBroker,
} from './sources/index'
import { createCatalogue } from './universe/catalogue'
import { wholeMarket } from './universe/whole-market'
import type { MarketService } from './service'
import { yearRangeOfBars } from './year-range'

export type { RankBy } from './rank'
export type { BrokerCodes, KeptDay, WantedByBroker } from './sources/index'

/** How long a market summary is answered again before it is made afresh (clock ms). */
const SUMMARY_KEPT_MS = 5_000
export type { Debut } from './debut'
export type { MarketService } from './service'

export interface MarketDeps {
  clock: Clock
  seed: number
  marketHours: 'real' | 'always'
  logger: Logger
  /** Days from a dividend's record date to its payment, per market (DIVIDEND_PAY_DAYS_*). */
  payLag?: PayLagDays
  /** QUOTE_SOURCE's real sources, in order; the simulator alone when absent or empty. */
  quoteSources?: readonly QuoteSourceSettings[]
  /** What the streaming feeds carry besides what phones watch (issue 38). */
  demand?: {
    graceMs: number
    brokerEveryMs: number
    /** The codes of open orders and holdings (read on the leader only, while its feeds run). */
    brokerCodes?: WantedByBroker
  }
}

const DEFAULT_DEMAND = { graceMs: 30_000, brokerEveryMs: 5_000 }

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
  quoteSources = [],
  demand: demandSettings = DEFAULT_DEMAND,
  payLag = DEFAULT_PAY_LAG_DAYS,
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
  // New shares listed while the gateway runs, by upper-case code (lookups ignore case, as the catalogue's).
  const debuts = new Map<string, Listing>()
  const listingOf = (code: string): Listing | undefined =>
    catalogue.listing(code) ?? debuts.get(code.toUpperCase())
  const demand = new QuoteDemand({
    ...demandSettings,
    onError: (error) => logger.error({ err: error }, 'codes wanted by the broker unread'),
  })
  const sources = new RealSources(
    quoteSources.map((settings) =>
      createRealSource(settings, {
        clock,
        logger,
        trading: (market) => simulator.trading(market, clock.now()),
        demand,
        listing: listingOf,
      }),
    ),
  )
  const real = sources.empty ? null : sources

  let printing = true
  let started = false
  const simOf = (code: string): InstrumentSim | undefined => {
    const listing = listingOf(code)
    return listing && simulator.instrument(listing.code)
  }
  // Until a real source has delivered a code, its simulated quote stands in (and the code is stale).
  const quote = (sim: InstrumentSim) =>
    real?.feeding(sim.listing.code)?.snapshot(sim.listing.code) ??
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
      const feeding = real?.feeding(sim.listing.code)
      if (feeding) return feeding.bars(sim.listing.code, interval, from, to)
      return barsOf(sim, interval, from, to, adjust)
    },
    corporateActions(code) {
      return simOf(code)?.actions?.applied.slice() ?? []
    },
    actionSchedule(code, from, to) {
      const sim = simOf(code)
      if (!sim) return []
      const calendar = simulator.contexts[sim.listing.market].calendar
      const applied = sim.actions?.applied ?? []
      return listedActions({ seed, calendar, payLag }, sim.listing, applied, { from, to })
    },
    depth(code, afterSeq) {
      const sim = simOf(code)
      if (!sim) return undefined
      const book = real?.feeding(sim.listing.code)?.book?.(sim.listing.code)
      // A feed's own board: its levels and VWAP; it sends no tape.
      if (book) return { code: sim.listing.code, ...book, tape: [], dayStart: 0 }
      return depthOf(sim, seed, afterSeq)
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
      const trades = (code: string) => {
        const market = listingOf(code)?.market
        return market !== undefined && simulator.trading(market, now)
      }
      return { ...status, staleCodes: real.staleCodes(), realSources: real.statuses(trades) }
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
      return real?.isStale(canonical) ?? !feed.isLive()
    },
    catchUp: () => feed.playNow(),
    watch: (codes) => demand.watch(codes),
    unwatch: (codes) => demand.unwatch(codes),
    watched: () => demand.watched(),
    watchedElsewhere: (watchers) => demand.watchedElsewhere(watchers),
    feedBook(code) {
      const canonical = listingOf(code)?.code ?? code
      return real?.feeding(canonical)?.book?.(canonical)
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
      if (real) stops.push(...real.list.map((source) => source.onQuotes(listener)))
      return () => stops.forEach((stop) => stop())
    },
    printing(on) {
      if (printing === on) return
      printing = on
      feed.publishing(on)
      if (!on) {
        real?.stop()
        demand.stop()
      } else if (started) real?.start()
    },
    follow(quotes) {
      // The simulator's codes need nothing: it plays the same seeded market on every gateway.
      if (!printing) real?.list.forEach((source) => source.follow(quotes))
    },
    minuteToKeep: (code) => real?.feeding(code)?.minuteToKeep(code),
    followDay(day) {
      if (!printing) real?.owner(day.quote.code)?.followDay(day)
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
      demand.stop()
      whole.stop()
    },
  }
}
