import { Observable, ReplaySubject } from 'rxjs'
import { TAPE_LENGTH, type Depth } from '@kabu/shared/market/depth'
import type { DepthAck } from '@kabu/shared/realtime'
import { SubscribeRefusedError, UnknownCodeError } from './quote-errors'
import type { QuotesSocket } from './quotes-socket'

export interface DepthStreamsOptions {
  /** The page's `/quotes` socket, shared with the quote streams (called once, on first use). */
  socket: () => QuotesSocket
  /** A `depth:subscribe` without an ack after this long is sent again (while still held). */
  ackTimeoutMs?: number
}

export interface DepthStreams {
  /** The depth of `code` (book, tape newest first, VWAP): the ack's, then every update merged in. */
  depth$(code: string): Observable<Depth>
}

interface Held {
  refs: number
  depths: ReplaySubject<Depth>
  latest: Depth | undefined
  awaitingAck: boolean
}

/**
 * `depth$(code)` over the `/quotes` socket, ref-counted like quote$: the first subscriber sends
 * `depth:subscribe`, the last one leaving `depth:unsubscribe`, every held code is asked again after
 * a reconnect. The server sends each code's new prints only, so the tape is merged here: prints
 * above the newest seq held go on top, those before the day's open go, and it is cut at TAPE_LENGTH.
 */
export function createDepthStreams(options: DepthStreamsOptions): DepthStreams {
  const ackTimeoutMs = options.ackTimeoutMs ?? 5_000
  const held = new Map<string, Held>()
  let socket: QuotesSocket | undefined

  function ensureSocket(): QuotesSocket {
    if (socket) return socket
    const s = options.socket()
    socket = s
    s.on('connect', () => {
      for (const code of held.keys()) send(code)
    })
    s.on('disconnect', () => {
      for (const entry of held.values()) entry.awaitingAck = false
    })
    s.on('depth', (update) => {
      const entry = held.get(update.code)
      // Before the ack there is no tape to merge into; the ack brings the whole of it.
      if (!entry?.latest) return
      const newest = entry.latest.tape[0]?.seq ?? -1
      const fresh = update.tape.filter((print) => print.seq > newest)
      // A new trading day starts a new tape: what is held from before its open goes.
      const tape = [...fresh, ...entry.latest.tape]
        .filter((print) => print.time >= update.dayStart)
        .slice(0, TAPE_LENGTH)
      entry.latest = { ...update, tape }
      entry.depths.next(entry.latest)
    })
    return s
  }

  function accept(code: string, ack: DepthAck) {
    const entry = held.get(code)
    if (!entry) return
    entry.awaitingAck = false
    if (!ack.ok) {
      entry.depths.error(
        ack.msg === 'not_found' ? new UnknownCodeError(code) : new SubscribeRefusedError(ack.msg),
      )
      held.delete(code)
      return
    }
    entry.latest = ack.depth
    entry.depths.next(ack.depth)
  }

  function send(code: string) {
    const entry = held.get(code)
    if (!socket?.connected || !entry) return
    entry.awaitingAck = true
    let answered = false
    const timer = setTimeout(() => {
      if (!answered && held.get(code)?.awaitingAck) send(code)
    }, ackTimeoutMs)
    socket.emit('depth:subscribe', code, (ack) => {
      answered = true
      clearTimeout(timer)
      accept(code, ack)
    })
  }

  function release(code: string, entry: Held) {
    entry.refs -= 1
    if (entry.refs > 0) return
    // StrictMode and route changes let go and take hold again within a tick: wait for that.
    queueMicrotask(() => {
      if (entry.refs > 0 || held.get(code) !== entry) return
      held.delete(code)
      if (socket?.connected) socket.emit('depth:unsubscribe', code)
    })
  }

  return {
    depth$: (code) =>
      new Observable<Depth>((subscriber) => {
        const s = ensureSocket()
        let entry = held.get(code)
        if (!entry) {
          entry = {
            refs: 0,
            depths: new ReplaySubject<Depth>(1),
            latest: undefined,
            awaitingAck: false,
          }
          held.set(code, entry)
          if (s.connected) send(code)
        }
        entry.refs += 1
        const mine = entry
        const subscription = mine.depths.subscribe(subscriber)
        return () => {
          subscription.unsubscribe()
          release(code, mine)
        }
      }),
  }
}
