import type { BookLevel } from '@kabu/shared/market/depth'
import type { Listing } from '@kabu/shared/market/types'
import type { SourceTick } from './types'

/**
 * The contract between the streaming proxy (stream-source.ts: demand, reconnects, staleness,
 * books) and one feed's protocol (kabustation/, alpaca/): how to open a session, change what it
 * carries, and what its messages say, already mapped to our codes and prices.
 */

/** One message's news of one code. */
export interface FeedUpdate {
  code: string
  /**
   * Which of the feed's streams it belongs to (a board; Alpaca's trades and quotes): order and
   * repeats are judged within one stream.
   */
  channel: string
  /** Newer updates compare greater, element by element (a board: its price time, then volume). */
  order: readonly number[]
  /** What identifies the message (a board's text, a trade's id): one seen just before is a repeat. */
  key: string
  /**
   * The last print the message says. A board repeats it with every change of its levels, so it is
   * printed only when the order moved on; a trade (`eachKeyAPrint`) is a print of its own even at
   * the same time as the one before.
   */
  tick?: SourceTick
  eachKeyAPrint?: boolean
  /** The feed's book after this message, when it says one (best first on each side). */
  book?: { bids?: BookLevel[]; asks?: BookLevel[]; vwap?: number | null }
}

/** What a session tells the proxy. */
export interface FeedEvents {
  updates(updates: FeedUpdate[]): void
  /** A sign of life (any message, an answered ping). */
  alive(): void
  /** A message that did not parse: logged and skipped. */
  malformed(detail: string): void
  /** The session ended (closed, refused, errored); the proxy reconnects. */
  closed(reason: unknown): void
}

/** One connection to the feed, logged in. */
export interface FeedSession {
  /** Adds codes to what is pushed; rejects when upstream refuses. */
  subscribe(codes: readonly string[]): Promise<void>
  unsubscribe(codes: readonly string[]): Promise<void>
  /** One code's state from the feed's REST snapshot, for codes past the limit; absent without one. */
  snapshot?(code: string): Promise<FeedUpdate | undefined>
  close(): void
}

export interface StreamFeed {
  readonly kind: 'kabustation' | 'alpaca'
  /** What the UI names it by: the host. */
  readonly label: string
  /** Whether the feed can carry this listing (a stock of its market). */
  owns(listing: Listing): boolean
  /** Codes one session may carry, REST snapshots included where the feed counts them. */
  readonly symbolLimit: number
  /** Slots a snapshot takes while it is read (kabu registers a code it answers a board for). */
  readonly snapshotSlots: number
  /** Least time between two snapshots, inside the feed's REST rate limit. */
  readonly snapshotEveryMs: number
  /** Opens and logs in a session; rejects when it cannot. */
  connect(events: FeedEvents): Promise<FeedSession>
}

/** What a feed carries now, by how. */
export interface Carried {
  /** Registered upstream (pushed), in rank order. */
  stream: string[]
  /** Past the limit, read from the feed's REST snapshot in turn. */
  delayed: string[]
  /** Past the limit, without a snapshot to read: the simulator's. */
  simulated: string[]
}

/**
 * The codes wanted (best first) split at the feed's limit: all pushed when they fit; otherwise
 * the best pushed, short of the slots a snapshot takes, and the rest delayed (or simulated).
 */
export function splitAtLimit(wanted: readonly string[], feed: StreamFeed): Carried {
  if (wanted.length <= feed.symbolLimit) return { stream: [...wanted], delayed: [], simulated: [] }
  const streamed = feed.symbolLimit - feed.snapshotSlots
  const overflow = wanted.slice(streamed)
  const canSnapshot = feed.snapshotSlots > 0
  return {
    stream: wanted.slice(0, streamed),
    delayed: canSnapshot ? overflow : [],
    simulated: canSnapshot ? [] : overflow,
  }
}
