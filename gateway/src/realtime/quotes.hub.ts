import type { Quote } from '@kabu/shared/market/types'
import {
  MAX_SUBSCRIPTIONS,
  QUOTES_NAMESPACE,
  TICK_BATCH_MS,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Namespace, Server, Socket } from 'socket.io'
import { z } from 'zod'
import type { MarketService } from '../market/index'
import { TickConflator, type TickSink } from './tick-conflator'

type QuotesSocket = Socket<QuotesClientToServer, QuotesServerToClient>

/** A payload of `subscribe` / `unsubscribe`: what a client may ask for at once. */
const codesPayload = z.array(z.string().min(1).max(16)).max(MAX_SUBSCRIPTIONS)

/** How often the feed status is checked; a change is pushed to every client. */
const STATUS_CHECK_MS = 1_000

// Subscriptions are also kept as rooms, which connection state recovery restores on reconnect.
const ROOM_PREFIX = 'quote:'

class Subscriber implements TickSink {
  readonly codes = new Set<string>()
  constructor(readonly socket: QuotesSocket) {}
  sendTicks(quotes: Quote[]): void {
    this.socket.emit('ticks', quotes)
  }
}

/**
 * The socket.io `/quotes` hub (API.md): `subscribe(codes, ack)` answers with snapshots, ticks come
 * conflated (TickConflator), `status` on connect and whenever the feed's state changes. Every
 * payload is validated: types are not validation, and a bad one gets a refusal, not a crash.
 */
export function registerQuotesHub(
  io: Server,
  market: MarketService,
  logger?: Logger,
): { close(): void } {
  const namespace = io.of(QUOTES_NAMESPACE) as Namespace<QuotesClientToServer, QuotesServerToClient>
  const conflator = new TickConflator<Subscriber>()
  const stopQuotes = market.onQuotes((quotes) => conflator.offer(quotes))
  const flushTimer = setInterval(() => conflator.flush(), TICK_BATCH_MS).unref()

  let lastState = market.status().state
  const statusTimer = setInterval(() => {
    const status = market.status()
    if (status.state === lastState) return
    lastState = status.state
    namespace.emit('status', status)
  }, STATUS_CHECK_MS).unref()

  function subscribe(subscriber: Subscriber, payload: unknown): SubscribeAck {
    const parsed = codesPayload.safeParse(payload)
    if (!parsed.success) return { ok: false, msg: 'invalid_input' }
    const wanted = new Set<string>()
    const unknown: string[] = []
    for (const code of parsed.data) {
      const listing = market.listing(code)
      if (listing) wanted.add(listing.code)
      else unknown.push(code)
    }
    const added = [...wanted].filter((code) => !subscriber.codes.has(code))
    if (subscriber.codes.size + added.length > MAX_SUBSCRIPTIONS) {
      return { ok: false, msg: 'invalid_input' }
    }
    for (const code of added) {
      subscriber.codes.add(code)
      conflator.subscribe(subscriber, code)
    }
    void subscriber.socket.join(added.map((code) => ROOM_PREFIX + code))
    return { ok: true, snapshots: market.snapshots([...wanted]), unknown }
  }

  function unsubscribe(subscriber: Subscriber, payload: unknown): void {
    const parsed = codesPayload.safeParse(payload)
    if (!parsed.success) return
    for (const code of parsed.data) {
      const canonical = market.listing(code)?.code
      if (!canonical || !subscriber.codes.delete(canonical)) continue
      conflator.unsubscribe(subscriber, canonical)
      void subscriber.socket.leave(ROOM_PREFIX + canonical)
    }
  }

  namespace.on('connection', (socket) => {
    const subscriber = new Subscriber(socket)
    if (socket.recovered) {
      for (const room of socket.rooms) {
        if (!room.startsWith(ROOM_PREFIX)) continue
        const code = room.slice(ROOM_PREFIX.length)
        subscriber.codes.add(code)
        conflator.subscribe(subscriber, code)
      }
    }
    socket.emit('status', market.status())

    socket.on('subscribe', (payload: unknown, ack: unknown) => {
      let answer: SubscribeAck
      try {
        answer = subscribe(subscriber, payload)
      } catch (error) {
        // A handler that throws would take the process down with it.
        logger?.error({ err: error }, 'quotes subscribe failed')
        answer = { ok: false, msg: 'network_error' }
      }
      if (typeof ack === 'function') ack(answer)
    })
    socket.on('unsubscribe', (payload: unknown) => {
      try {
        unsubscribe(subscriber, payload)
      } catch (error) {
        logger?.error({ err: error }, 'quotes unsubscribe failed')
      }
    })
    socket.on('disconnect', () => conflator.remove(subscriber, subscriber.codes))
  })

  return {
    close() {
      clearInterval(flushTimer)
      clearInterval(statusTimer)
      stopQuotes()
      namespace.removeAllListeners('connection')
      namespace.disconnectSockets()
    },
  }
}
