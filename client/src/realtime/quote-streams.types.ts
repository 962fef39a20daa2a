import type { Observable } from 'rxjs'
import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import type { RequestFrame } from './frame-batcher'
import type { QuotesSocket } from './quotes-socket'

/** The feed's own status plus whether this page's socket is connected right now. */
export type LiveFeedStatus = FeedStatus & { connected: boolean }

export interface QuoteStreamsOptions {
  createSocket: () => QuotesSocket
  requestFrame?: RequestFrame
  /** A subscribe without an ack after this long is sent again (while the code is still held). */
  ackTimeoutMs?: number
  connectTimeoutMs?: number
  /** Base pause before reconnecting after the server closed the connection (doubled at most). */
  reconnectDelayMs?: number
}

export interface QuoteStreams {
  /** Snapshot first, then every update; ref-counted per code across all subscribers. */
  quote$(code: string): Observable<Quote>
  /** True while the socket is down, the feed says stale, or the code has no fresh snapshot yet. */
  isStale$(code: string): Observable<boolean>
  feedStatus$: Observable<LiveFeedStatus>
  connect(): Promise<void>
  heldCodes(): string[]
  close(): void
}
