import { defer, type Observable } from 'rxjs'
import type { Quote } from '@kabu/shared/market/types'
import { useLatest } from './hooks'
import { createQuoteStreams, type LiveFeedStatus, type QuoteStreams } from './quote-streams'
import { createSocketIoQuotes } from './socket-io'

export type { LiveFeedStatus } from './quote-streams'
export { QuotesConnectTimeoutError, SubscribeRefusedError, UnknownCodeError } from './quote-streams'

// One connection for the whole page, opened by whoever first needs quotes. Import this module
// lazily (from a lazy route or with `import()`): it carries socket.io-client and rxjs.
let streams: QuoteStreams | undefined
const live = (): QuoteStreams =>
  (streams ??= createQuoteStreams({ createSocket: createSocketIoQuotes }))

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
