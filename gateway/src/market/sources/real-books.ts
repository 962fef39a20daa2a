import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Bar, BarInterval, Listing, Market, Quote } from '@kabu/shared/market/types'
import { LiveBook } from './live-book'
import type { KeptDay, RealSourceKind } from './types'

/**
 * The books of a real source's codes and the bookkeeping every real source shares: who listens,
 * when it last delivered, and whether that is recent enough to call it live.
 */
export class RealBooks {
  readonly books = new Map<string, LiveBook>()
  private readonly listeners = new Set<(quotes: Quote[]) => void>()
  private lastDelivery: number | null = null
  // The seq of the last relayed quote followed, by code (the relay's seq, not this source's own).
  private readonly followedSeq = new Map<string, number>()

  /** Codes whose quotes are served delayed (a streaming feed's REST snapshots past its limit). */
  readonly delayed = new Set<string>()

  constructor(
    codes: readonly string[],
    private readonly staleAfterMs: number,
    private readonly trading: (market: Market) => boolean,
    private readonly onListenerError: (error: unknown) => void,
    private readonly source: RealSourceKind,
  ) {
    for (const code of codes) {
      const listing = listingByCode(code)
      if (!listing) throw new Error(`quote source maps ${code}, which is not a listed code`)
      this.books.set(listing.code, new LiveBook(listing))
    }
  }

  /**
   * The book of `code`, made on first use (a streaming feed's codes come and go with demand), of
   * the listing `lookup` finds (the market's catalogue: the whole Tokyo listing).
   */
  bookOf(
    code: string,
    lookup: (code: string) => Listing | undefined = listingByCode,
  ): LiveBook | undefined {
    const held = this.books.get(code)
    if (held) return held
    const listing = lookup(code)
    if (!listing) return undefined
    const book = new LiveBook(listing)
    this.books.set(listing.code, book)
    return book
  }

  get codes(): string[] {
    return [...this.books.keys()]
  }

  carries = (code: string): boolean => this.books.has(code)

  /** A delivery happened (even one with no new prints): the source is alive. */
  alive(): void {
    this.lastDelivery = performance.now()
  }

  isLive = (): boolean =>
    this.lastDelivery !== null && performance.now() - this.lastDelivery <= this.staleAfterMs

  lag = (): number =>
    this.lastDelivery === null ? 0 : Math.round(performance.now() - this.lastDelivery)

  snapshot = (code: string): Quote | undefined => {
    const book = this.books.get(code)
    if (!book?.delivered) return undefined
    return book.quote(this.trading(book.listing.market), this.source, this.delayed.has(code))
  }

  bars = (code: string, interval: BarInterval, from?: number, to?: number): Bar[] =>
    this.books.get(code)?.bars(interval, from, to) ?? []

  onQuotes = (listener: (quotes: Quote[]) => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Of the quotes a cluster's leader published, those of these codes not followed yet, in order:
   * the relay passes a quote again with its seq when only its session flipped, which is no print.
   */
  unfollowed(quotes: readonly Quote[]): Quote[] {
    const fresh: Quote[] = []
    for (const quote of quotes) {
      if (!this.books.has(quote.code)) continue
      if (quote.seq <= (this.followedSeq.get(quote.code) ?? 0)) continue
      this.followedSeq.set(quote.code, quote.seq)
      fresh.push(quote)
    }
    return fresh
  }

  /** The 1m bar the last print of `code` went into; undefined for a code not carried. */
  lastMinute = (code: string): Bar | undefined => this.books.get(code)?.lastMinute()

  /**
   * A day of one of these codes as a cluster's leader kept it, when it goes further than the
   * quotes followed (a gateway that joins late, or one that missed batches): from then on only
   * the quotes after the one it stands at are followed.
   */
  followDay(day: KeptDay): void {
    const { code, seq } = day.quote
    const book = this.books.get(code)
    if (!book || seq <= (this.followedSeq.get(code) ?? 0)) return
    this.followedSeq.set(code, seq)
    book.followDay(day.minutes, day.quote)
  }

  /** Publishes the current quotes of `codes` (those the source just printed). */
  publish(codes: Iterable<string>): void {
    const quotes: Quote[] = []
    for (const code of new Set(codes)) {
      const quote = this.snapshot(code)
      if (quote) quotes.push(quote)
    }
    if (quotes.length === 0) return
    for (const listener of this.listeners) {
      try {
        listener(quotes)
      } catch (error) {
        this.onListenerError(error)
      }
    }
  }
}
