import {
  BehaviorSubject,
  combineLatest,
  defer,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  map,
  Observable,
  ReplaySubject,
  throwError,
  timeout,
} from 'rxjs'
import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import type { SubscribeAck } from '@kabu/shared/realtime'
import { createFrameBatcher, defaultRequestFrame } from './frame-batcher'
import { QuotesConnectTimeoutError, SubscribeRefusedError, UnknownCodeError } from './quote-errors'
import type { QuotesSocket } from './quotes-socket'
import type { QuoteStreams, QuoteStreamsOptions } from './quote-streams.types'

export type { LiveFeedStatus, QuoteStreams, QuoteStreamsOptions } from './quote-streams.types'
export { QuotesConnectTimeoutError, SubscribeRefusedError, UnknownCodeError } from './quote-errors'

/** What an exchange code can look like (`7203`, `AAPL`, `BRK.B`, `000001.SH`); the hub's own limit. */
const CODE_SHAPE = /^[A-Za-z0-9.-]{1,16}$/

/** Before the first `status` arrives nothing is known, which is not "live". */
const UNKNOWN_STATUS: FeedStatus = { state: 'stale', source: 'unknown', simulated: false, lag: 0 }

interface Held {
  refs: number
  quotes: ReplaySubject<Quote>
  /** Holds a snapshot from the current connection (false after a disconnect until the re-ack). */
  synced: BehaviorSubject<boolean>
  lastSeq: number
  awaitingAck: boolean
}

/**
 * One socket to `/quotes`, multiplexed into a stream per code (the WebSocketSubject.multiplex
 * pattern): the first subscriber of a code sends `subscribe`, the last one leaving sends
 * `unsubscribe`, every held code is subscribed again after a reconnect.
 *
 * Sequence numbers: the hub conflates ticks (latest per code per 100 ms), so a forward jump in
 * `seq` is normal and loses nothing (a quote carries the day's totals). A tick whose `seq` is
 * BELOW the last one seen means a replayed message or a reset source; the tick is dropped and the
 * code re-subscribed, because only a fresh snapshot says which state is current.
 */
export function createQuoteStreams(options: QuoteStreamsOptions): QuoteStreams {
  const ackTimeoutMs = options.ackTimeoutMs ?? 5_000
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000
  const reconnectDelayMs = options.reconnectDelayMs ?? 1_000
  const held = new Map<string, Held>()
  const toSubscribe = new Set<string>()
  const toRelease = new Set<string>()
  /** Released while offline: told to the server on reconnect (its recovered rooms may hold them). */
  const releasedOffline = new Set<string>()
  const connected$ = new BehaviorSubject(false)
  const status$ = new BehaviorSubject<FeedStatus>(UNKNOWN_STATUS)
  /** Pending timers (ack timeouts, reconnects), cleared on close. */
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let socket: QuotesSocket | undefined
  let flushQueued = false

  const batcher = createFrameBatcher(options.requestFrame ?? defaultRequestFrame, (quote) =>
    held.get(quote.code)?.quotes.next(quote),
  )

  function ensureSocket(): QuotesSocket {
    if (socket) return socket
    const s = options.createSocket()
    socket = s
    s.on('connect', () => {
      connected$.next(true)
      const release = [...releasedOffline].filter((code) => !held.has(code))
      releasedOffline.clear()
      if (release.length) s.emit('unsubscribe', release)
      sendSubscribe([...held.keys()])
    })
    s.on('disconnect', (reason) => {
      connected$.next(false)
      // socket.io reconnects by itself after a lost connection, but not after the server closed
      // it on purpose, which is what a restarting or redeploying gateway does. The page still
      // wants quotes: come back after a jittered pause so a fleet of clients does not stampede.
      if (reason === 'io server disconnect') {
        const timer = setTimeout(
          () => {
            timers.delete(timer)
            if (socket === s && !s.connected) s.connect()
          },
          reconnectDelayMs * (1 + Math.random()),
        )
        timers.add(timer)
      }
      for (const entry of held.values()) {
        entry.synced.next(false)
        entry.awaitingAck = false
      }
    })
    s.on('connect_error', () => connected$.next(false))
    s.on('status', (status) => status$.next(status))
    s.on('ticks', (quotes) => {
      for (const quote of quotes) acceptTick(quote)
    })
    s.connect()
    return s
  }

  function acceptTick(quote: Quote) {
    const entry = held.get(quote.code)
    if (!entry) return
    if (quote.seq <= entry.lastSeq) {
      if (quote.seq < entry.lastSeq && !entry.awaitingAck) sendSubscribe([quote.code])
      return
    }
    entry.lastSeq = quote.seq
    batcher.push(quote)
  }

  function acceptAck(codes: string[], ack: SubscribeAck) {
    for (const code of codes) {
      const entry = held.get(code)
      if (entry) entry.awaitingAck = false
    }
    if (!ack.ok) {
      for (const code of codes) held.get(code)?.quotes.error(new SubscribeRefusedError(ack.msg))
      return
    }
    for (const snapshot of ack.snapshots) {
      const entry = held.get(snapshot.code)
      if (!entry) continue
      // A late ack (sent again after a timeout) must not take a code back in time; an unsynced
      // code takes the snapshot even with a lower seq, which is how a restarted source resets it.
      if (!entry.synced.value || snapshot.seq > entry.lastSeq) {
        entry.lastSeq = snapshot.seq
        batcher.push(snapshot)
      }
      entry.synced.next(true)
    }
    for (const code of ack.unknown) held.get(code)?.quotes.error(new UnknownCodeError(code))
  }

  function sendSubscribe(codes: string[]) {
    if (!socket?.connected || codes.length === 0) return
    for (const code of codes) {
      const entry = held.get(code)
      if (entry) entry.awaitingAck = true
    }
    let answered = false
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (answered) return
      sendSubscribe(codes.filter((code) => held.get(code)?.synced.value === false))
    }, ackTimeoutMs)
    timers.add(timer)
    socket.emit('subscribe', codes, (ack) => {
      answered = true
      clearTimeout(timer)
      timers.delete(timer)
      acceptAck(codes, ack)
    })
  }

  // Mounting a screen subscribes many codes in one render and StrictMode/route changes release and
  // re-hold codes within a tick: collecting changes until the microtask sends one message each way.
  function queueFlush() {
    if (flushQueued) return
    flushQueued = true
    queueMicrotask(() => {
      flushQueued = false
      const subscribe = [...toSubscribe].filter((code) => held.has(code))
      const release = [...toRelease].filter((code) => held.get(code)?.refs === 0)
      toSubscribe.clear()
      toRelease.clear()
      for (const code of release) {
        held.delete(code)
        batcher.drop(code)
      }
      if (socket?.connected) {
        if (release.length) socket.emit('unsubscribe', release)
      } else {
        for (const code of release) releasedOffline.add(code)
      }
      sendSubscribe(subscribe)
    })
  }

  function hold(code: string): Held {
    ensureSocket()
    let entry = held.get(code)
    if (!entry) {
      entry = {
        refs: 0,
        quotes: new ReplaySubject<Quote>(1),
        synced: new BehaviorSubject(false),
        lastSeq: -1,
        awaitingAck: false,
      }
      held.set(code, entry)
      toSubscribe.add(code)
      queueFlush()
    }
    entry.refs += 1
    return entry
  }

  function release(code: string) {
    const entry = held.get(code)
    if (!entry) return
    entry.refs -= 1
    if (entry.refs === 0) {
      toRelease.add(code)
      queueFlush()
    }
  }

  function holding<T>(code: string, body: (entry: Held) => Observable<T>): Observable<T> {
    // A malformed code (from a URL, say) fails alone here instead of failing the whole batched
    // subscribe it would have joined on the server.
    if (!CODE_SHAPE.test(code)) return throwError(() => new UnknownCodeError(code))
    return new Observable<T>((subscriber) => {
      const subscription = body(hold(code)).subscribe(subscriber)
      return () => {
        subscription.unsubscribe()
        release(code)
      }
    })
  }

  return {
    quote$: (code) => holding(code, (entry) => entry.quotes),
    isStale$: (code) =>
      holding(code, (entry) =>
        combineLatest([connected$, status$, entry.synced]).pipe(
          map(
            ([connected, status, synced]) =>
              !connected ||
              !synced ||
              status.state === 'stale' ||
              // A real source that stopped makes only its own codes stale.
              status.staleCodes?.includes(code) === true,
          ),
          distinctUntilChanged(),
        ),
      ),
    feedStatus$: defer(() => {
      ensureSocket()
      return combineLatest([status$, connected$])
    }).pipe(map(([status, connected]) => ({ ...status, connected }))),
    connect() {
      ensureSocket()
      return firstValueFrom(
        connected$.pipe(
          filter(Boolean),
          timeout({
            first: connectTimeoutMs,
            with: () => throwError(() => new QuotesConnectTimeoutError()),
          }),
          map(() => undefined),
        ),
      )
    },
    heldCodes: () => [...held.entries()].filter(([, e]) => e.refs > 0).map(([code]) => code),
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      socket?.close()
      socket = undefined
      connected$.next(false)
    },
  }
}
