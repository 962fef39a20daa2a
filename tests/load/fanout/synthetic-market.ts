import type { FeedStatus, Listing, Quote } from '@kabu/shared/market/types'
import type { MarketService } from '../../../gateway/src/market/index'
import { createCatalogue } from '../../../gateway/src/market/universe/catalogue'
import { Zipf } from './zipf'

/**
 * The real universe: every Tokyo code the gateway lists (gateway/data/tse-listings.tsv), busiest
 * first by value traded a day (real sizes for the hand-made catalogue, simulated for the rest), so
 * the Zipf popularity below lands on 7203 and its peers as people's watchlists do. The ticks stay
 * synthetic: the benchmark sets their rate.
 */
const UNIVERSE = createCatalogue(1)
  .listings.filter((l) => l.market === 'jp' && l.kind === 'stock')
  .sort((a, b) => b.sharesOutstanding * b.basePrice - a.sharesOutstanding * a.basePrice)

/** How many codes the market lists: the whole Tokyo market (was 3,000 made-up codes). */
export const SYNTHETIC_CODES = UNIVERSE.length
/** How often the producer emits what accumulated; small, so a tick's age is its own and not ours. */
const EMIT_MS = 5

export const syntheticCode = (rank: number) => UNIVERSE[rank]!.code

/**
 * A producer of ticks for the SYNTHETIC_CODES codes at a settable rate, the busiest codes the most
 * popular ones (Zipf, as trading concentrates in large caps). Every tick is a new full-shaped Quote
 * whose `time` is its creation (epoch ms on this host's clock) and whose `seq` rises per code.
 */
export class SyntheticMarket {
  private readonly latest: Quote[] = []
  private readonly listings: Listing[] = []
  private readonly byCode = new Map<string, number>()
  private readonly listeners = new Set<(quotes: Quote[]) => void>()
  private readonly activity = new Zipf(SYNTHETIC_CODES)
  private ticksPerSecond = 0
  private owed = 0
  private last = performance.now()
  private timer: NodeJS.Timeout | undefined
  produced = 0

  constructor() {
    for (let rank = 0; rank < SYNTHETIC_CODES; rank++) {
      const listing = UNIVERSE[rank]!
      // Whole yen, so that a step of one is a price on the grid of every code.
      const price = Math.max(1_000, Math.round(listing.basePrice))
      this.byCode.set(listing.code, rank)
      this.listings.push({ ...listing, basePrice: price })
      this.latest.push(this.quoteOf(rank, price, 0, Date.now()))
    }
  }

  setRate(ticksPerSecond: number): void {
    this.ticksPerSecond = ticksPerSecond
    this.owed = 0
    this.last = performance.now()
    this.timer ??= setInterval(() => this.emit(), EMIT_MS)
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** What the hub reads of a MarketService; the rest of the interface has no part in fan-out. */
  service(): MarketService {
    const market = {
      listing: (code: string) => {
        const rank = this.byCode.get(code)
        return rank === undefined ? undefined : this.listings[rank]
      },
      snapshots: (codes: string[]) =>
        codes.flatMap((code) => {
          const rank = this.byCode.get(code)
          return rank === undefined ? [] : [this.latest[rank]!]
        }),
      status: (): FeedStatus => ({ state: 'live', source: 'synthetic', simulated: true, lag: 0 }),
      onQuotes: (listener: (quotes: Quote[]) => void) => {
        this.listeners.add(listener)
        return () => this.listeners.delete(listener)
      },
      // What phones watch drives a streaming feed (the `proxy` setup's); nothing here.
      watch: () => {},
      unwatch: () => {},
    } satisfies Pick<
      MarketService,
      'listing' | 'snapshots' | 'status' | 'onQuotes' | 'watch' | 'unwatch'
    >
    return market as unknown as MarketService
  }

  private emit(): void {
    const now = performance.now()
    this.owed += ((now - this.last) / 1_000) * this.ticksPerSecond
    this.last = now
    const count = Math.floor(this.owed)
    if (count === 0) return
    this.owed -= count
    const time = Date.now()
    const quotes: Quote[] = []
    for (let i = 0; i < count; i++) {
      const rank = this.activity.sample()
      const previous = this.latest[rank]!
      const step = Math.random() < 0.5 ? -1 : 1
      const quote = this.quoteOf(rank, previous.price + step, previous.seq + 1, time, previous)
      this.latest[rank] = quote
      quotes.push(quote)
    }
    this.produced += count
    for (const listener of this.listeners) listener(quotes)
  }

  private quoteOf(rank: number, price: number, seq: number, time: number, previous?: Quote): Quote {
    const listing = this.listings[rank]!
    const prevClose = listing.basePrice
    return {
      code: listing.code,
      market: listing.market,
      kind: listing.kind,
      name: listing.name,
      price,
      prevClose,
      open: prevClose,
      high: Math.max(previous?.high ?? prevClose, price),
      low: Math.min(previous?.low ?? prevClose, price),
      volume: seq * 100,
      turnover: seq * 100 * price,
      change: price - prevClose,
      changePct: Math.round(((price - prevClose) / prevClose) * 10_000) / 100,
      marketCap: price * listing.sharesOutstanding,
      limitUp: prevClose + 300,
      limitDown: prevClose - 300,
      time,
      seq,
      trading: true,
    }
  }
}
