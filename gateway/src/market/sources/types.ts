import type { BookLevel } from '@kabu/shared/market/depth'
import type { Bar, BarInterval, Quote, QuoteSourceKind } from '@kabu/shared/market/types'

/** Where live quotes come from (API.md QUOTE_SOURCE); every quote says its kind (`Quote.source`). */
export type SourceKind = QuoteSourceKind
/** The kinds of a real source: every one but the simulator. */
export type RealSourceKind = Exclude<QuoteSourceKind, 'simulator'>

/**
 * A producer of live quotes for the codes it carries, which says whether it is still delivering.
 * The simulator carries every listing; a real source (poll, replay) carries the few codes its
 * config maps and overlays the simulator on them.
 */
export interface QuoteSource {
  readonly kind: SourceKind
  /** What the UI names the source by: the endpoint's host, the replayed series. */
  readonly label: string
  carries(code: string): boolean
  /** Every quote it publishes, as it publishes it. Returns an unsubscribe function. */
  onQuotes(listener: (quotes: Quote[]) => void): () => void
  /** False once it has not delivered for its staleness window (and before its first delivery). */
  isLive(): boolean
  /** Milliseconds since its last delivery. */
  lag(): number
  start(): void
  stop(): void
}

/**
 * A real source: it owns its codes' quotes and bars (the simulator still supplies the listings and
 * every other code). `trading` says whether the code's exchange is in session now.
 */
export interface RealQuoteSource extends QuoteSource {
  readonly kind: RealSourceKind
  /** The codes it feeds now: fixed for a poll or a replay, following demand for a streaming feed. */
  readonly codes: readonly string[]
  /**
   * Whether a market order on `code` must wait (`quote_stale`): the source is not live, or (a
   * streaming feed) it would carry the code but does not feed it now. Absent: `!isLive()` for the
   * codes it carries.
   */
  isStale?(code: string): boolean
  /** Whether it would carry `code` when wanted (a streaming feed); absent: `carries`. */
  owns?(code: string): boolean
  /** Of `codes`, those served from a REST snapshot past a streaming feed's symbol limit. */
  delayedCodes?(): string[]
  /** Codes it would carry past its symbol limit that the simulator feeds instead. */
  simulatedCodes?(): string[]
  /** The book the feed sent of `code` (a streaming feed's board), when it sent one. */
  book?(code: string): FeedBook | undefined
  /** Undefined until the source has delivered this code once. */
  snapshot(code: string): Quote | undefined
  bars(code: string, interval: BarInterval, from?: number, to?: number): Bar[]
  /**
   * The prints of its codes as a cluster's leader published them (issue 16), taken while this
   * source is stopped (this gateway follows): they build its quotes and bars as its own prints
   * would, and a replay moves on to where the leader is, so it continues from there if it comes
   * to lead. Ignored while it runs (its own prints come back through the relay too).
   */
  follow(quotes: readonly Quote[]): void
  /**
   * The 1m bar the last print of `code` went into, when a gateway that joins late could not make
   * that day's minutes again by itself, so the cluster's leader keeps them (a poll's: its upstream
   * says the latest price alone); undefined for a replay, which a late gateway plays from its own
   * copy of the file (`follow`).
   */
  minuteToKeep(code: string): Bar | undefined
  /**
   * A day the leader kept (`minuteToKeep`), taken while this source is stopped (this gateway
   * follows) when it goes further than the quotes followed: a gateway that joins late charts the
   * day's minutes before it joined as the leader did. Ignored while it runs, and by a replay.
   */
  followDay(day: KeptDay): void
}

/**
 * A real source's code's day so far, as a cluster's leader keeps it for the gateways that join
 * late (issue 16): its 1m bars, up to and with the print of `quote`, the last quote published of
 * that code (whose seq says how far the day goes among the relayed prints).
 */
export interface KeptDay {
  quote: Quote
  /** Oldest first. */
  minutes: Bar[]
}

/** A feed's own book of one code: its levels (best first) and the day's VWAP where it says one. */
export interface FeedBook {
  bids: BookLevel[]
  asks: BookLevel[]
  vwap: number | null
  /** Epoch milliseconds of the update that last changed it. */
  time: number
}

/** One print of a real source, already mapped to our code. Prices are plain decimals. */
export interface SourceTick {
  code: string
  price: number
  /** The day's cumulative volume, as quote endpoints report it. */
  dayVolume?: number
  /** Shares of this print alone, as a tick file records it. */
  quantity?: number
  /** The previous close where the source reports it. */
  prevClose?: number
  /** Epoch milliseconds of the print. */
  time: number
}

/** One daily bar of a replayed series, already mapped to our code. */
export interface SourceDayBar {
  code: string
  /** The trading day, YYYY-MM-DD. */
  date: string
  open: number
  high: number
  low: number
  close: number
  volume: number
}
