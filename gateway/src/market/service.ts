import type { ListedAction } from './action-schedule'
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
import type { Debut } from './debut'
import type { RankBy } from './rank'
import type { FeedBook, KeptDay } from './sources/index'
import type { YearRange } from './year-range'

/**
 * What the rest of the gateway asks of the market: `createMarket` (index.ts) on a gateway of its
 * own or the leader, the relayed market (cluster/relayed-market.ts) on a follower.
 */
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
  /**
   * A listing's splits and dividends with ex-dates in [from, to] (YYYY-MM-DD), applied and still
   * scheduled, with their record and payment dates (action-schedule.ts); [] for an unknown code.
   */
  actionSchedule(code: string, from: string, to: string): ListedAction[]
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
  /**
   * Plays the simulated market up to the clock's now at once: after time travel moved the clock,
   * an order must not fill at the prices of the time it left until the next step (≤ 250 ms on).
   */
  catchUp(): void
  /**
   * Phones started (`watch`) or stopped (`unwatch`) watching these codes, counted once per phone
   * and code (the quotes hub calls them): what a streaming feed carries first (issue 38).
   */
  watch(codes: Iterable<string>): void
  unwatch(codes: Iterable<string>): void
  /** What this gateway's phones watch: each code with how many phones watch it. */
  watched(): ReadonlyMap<string, number>
  /**
   * What phones on a cluster's other gateways watch (issue 16: only the leader holds the feeds,
   * so their codes must reach its demand), in place of what was said before.
   */
  watchedElsewhere(watchers: ReadonlyMap<string, number>): void
  /** The board a streaming feed sent of `code` while it feeds it (what the leader relays). */
  feedBook(code: string): FeedBook | undefined
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
