import { defer, type Observable } from 'rxjs'
import type { Depth } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import { useLatest } from './hooks'
import { createQuoteStreams, type LiveFeedStatus, type QuoteStreams } from './quote-streams'
import { createSocketIoQuotes } from './socket-io'
import { createDepthStreams, type DepthStreams } from './depth-streams'
import type { QuotesSocket } from './quotes-socket'

export type { LiveFeedStatus } from './quote-streams'
export { QuotesConnectTimeoutError, SubscribeRefusedError, UnknownCodeError } from './quote-streams'

// One connection for the whole page, opened by whoever first needs quotes. Import this module
// lazily (from a lazy route or with `import()`): it carries socket.io-client and rxjs.
let streams: QuoteStreams | undefined
// The depth streams ride on the same socket; the quote layer creates and connects it.
let socket: QuotesSocket | undefined
const sharedSocket = (): QuotesSocket => (socket ??= createSocketIoQuotes())
const live = (): QuoteStreams => (streams ??= createQuoteStreams({ createSocket: sharedSocket }))
let depthStreams: DepthStreams | undefined
const liveDepth = (): DepthStreams =>
  (depthStreams ??= createDepthStreams({
    socket: () => {
      // Opening the quote layer first lets it see the socket's first `connect`.
      live()
        .connect()
        .catch(() => {})
      return sharedSocket()
    },
  }))

/** The book, tape (newest first) and VWAP of `code`, live: the ack's depth, then every update. */
export const depth$ = (code: string): Observable<Depth> => liveDepth().depth$(code)

/** The live quote of `code`: the snapshot, then every update (at most one per animation frame). */
export const quote$ = (code: string): Observable<Quote> => live().quote$(code)

/** True while `code` cannot be trusted to be current (socket down, feed stale, no snapshot yet). */
export const isStale$ = (code: string): Observable<boolean> => live().isStale$(code)

/** Resolves once the `/quotes` socket is connected; rejects after 10 s. */
export const connectQuotes = (): Promise<void> => live().connect()

/** The feed's state (live / stale / closed, simulated or not) and this page's connection. */
export const feedStatus$: Observable<LiveFeedStatus> = defer(() => live().feedStatus$)

export const useQuote = (code: string | undefined): Quote | undefined => useLatest(code, quote$)
export const useIsStale = (code: string | undefined): boolean => useLatest(code, isStale$) ?? true

const openFeedStatus = (): Observable<LiveFeedStatus> => live().feedStatus$
/** The feed status, undefined until the socket reports it. */
export const useFeedStatus = (): LiveFeedStatus | undefined => useLatest('feed', openFeedStatus)
