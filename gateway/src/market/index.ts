import { listingByCode, searchListings } from '@kabu/shared/market/listings/index'
import type {
  Bar,
  BarInterval,
  FeedStatus,
  Listing,
  Market,
  Quote,
} from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../clock'
import { barsOf } from './bar-query'
import type { InstrumentSim } from './instrument'
import { quoteOf } from './quote'
import { rankQuotes, type RankBy } from './rank'
import { createSimulator } from './simulator'

export type { RankBy } from './rank'

export interface MarketService {
  listing(code: string): Listing | undefined
  search(q: string, limit?: number): Listing[]
  snapshot(code: string): Quote | undefined
  snapshots(codes: string[]): Quote[]
  indices(): Quote[]
  rank(market: Market, by: RankBy, limit?: number): Quote[]
  /** Bars whose start lies in [from, to] (epoch seconds). */
  bars(code: string, interval: BarInterval, from?: number, to?: number): Bar[]
  status(): FeedStatus
  /** Every print, as it happens (the hub conflates). Returns an unsubscribe function. */
  onQuotes(listener: (quotes: Quote[]) => void): () => void
  start(): void
  stop(): void
}

export interface MarketDeps {
  clock: Clock
  seed: number
  marketHours: 'real' | 'always'
  logger: Logger
}

/** How often the simulator plays its prints up to the clock's now. */
const STEP_MS = 250
/** Without a step for this long while a market is open, the feed is stale (a stalled event loop). */
const STALE_AFTER_MS = 3_000

/**
 * The market-data service over the simulator (QUOTE_SOURCE=simulator). Builds a year of history
 * and today's minutes at once, then, once started, advances every STEP_MS.
 */
export function createMarket({ clock, seed, marketHours, logger }: MarketDeps): MarketService {
  const builtAt = performance.now()
  const simulator = createSimulator(seed, marketHours, clock.now())
  const { instruments } = simulator
  logger.info(
    {
      instruments: instruments.size,
      seed,
      marketHours,
      ms: Math.round(performance.now() - builtAt),
    },
    'market simulator built',
  )

  const listeners = new Set<(quotes: Quote[]) => void>()
  let timer: NodeJS.Timeout | null = null
  let lastStepWall = performance.now()

  const simOf = (code: string): InstrumentSim | undefined => {
    const listing = listingByCode(code)
    return listing && instruments.get(listing.code)
  }
  const quote = (sim: InstrumentSim) =>
    quoteOf(sim, simulator.trading(sim.listing.market, clock.now()))

  const step = () => {
    lastStepWall = performance.now()
    const quotes = simulator.advance(clock.now())
    if (quotes.length === 0) return
    for (const listener of listeners) {
      try {
        listener(quotes)
      } catch (error) {
        logger.error({ err: error }, 'quote listener failed')
      }
    }
  }

  return {
    listing: (code) => listingByCode(code),
    search: (q, limit) => searchListings(q, limit),
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
    rank(market, by, limit = 20) {
      const stocks = [...instruments.values()].filter(
        (s) => s.listing.market === market && s.listing.kind === 'stock',
      )
      return rankQuotes(stocks.map(quote), by, limit)
    },
    bars(code, interval, from, to) {
      const sim = simOf(code)
      return sim ? barsOf(sim, interval, from, to) : []
    },
    status() {
      const now = clock.now()
      const open = (['jp', 'us', 'cn'] as const).some((m) => simulator.trading(m, now))
      let lastPrint = 0
      for (const sim of instruments.values()) lastPrint = Math.max(lastPrint, sim.lastPrintAt)
      const stalled = !timer || performance.now() - lastStepWall > STALE_AFTER_MS
      return {
        state: !open ? 'closed' : stalled ? 'stale' : 'live',
        source: 'simulator',
        simulated: true,
        lag: Math.max(0, now - lastPrint),
      }
    },
    onQuotes(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start() {
      if (timer) return
      lastStepWall = performance.now()
      timer = setInterval(step, STEP_MS)
      // The http server keeps the process alive; the simulator alone must not.
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
