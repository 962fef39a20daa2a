import type { FeedStatus, Listing, Quote } from '@kabu/shared/market/types'
import type { MarketService } from '../../../gateway/src/market/index'
import { Zipf } from './zipf'

/** How many synthetic codes the market lists (the "~3,000 codes"). */
export const SYNTHETIC_CODES = 3_000
/** How often the producer emits what accumulated; small, so a tick's age is its own and not ours. */
const EMIT_MS = 5

export const syntheticCode = (rank: number) => `Z${String(rank + 1).padStart(4, '0')}`

/**
 * A producer of ticks for SYNTHETIC_CODES codes at a settable rate, the busiest codes the most
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
      const code = syntheticCode(rank)
      const price = 1_000 + rank
      this.byCode.set(code, rank)
      this.listings.push({
        code,
        market: 'jp',
        kind: 'stock',
        name: { ja: `合成${code}`, zh: `合成${code}`, en: `Synthetic ${code}` },
        sector: 'tech',
        sharesOutstanding: 1_000_000,
        lot: 100,
        basePrice: price,
        volatility: 0.3,
      })
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
    } satisfies Pick<MarketService, 'listing' | 'snapshots' | 'status' | 'onQuotes'>
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
