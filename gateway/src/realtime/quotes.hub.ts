import type { FeedStatus } from '@kabu/shared/market/types'
import {
  MAX_SUBSCRIPTIONS,
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Namespace, Server, Socket } from 'socket.io'
import { z } from 'zod'
import type { MarketService } from '../market/index'
import { QuoteTransport } from './quote-transport'
import { FLUSH_EVERY_MS, FLUSH_SLICE, TickConflator } from './tick-conflator'
import { TicksPackets } from './ticks-packets'

type QuotesSocket = Socket<QuotesClientToServer, QuotesServerToClient>

/** A payload of `subscribe` / `unsubscribe`: what a client may ask for at once. */
const codesPayload = z.array(z.string().min(1).max(16)).max(MAX_SUBSCRIPTIONS)

/** How often the feed status is checked; a change is pushed to every client. */
const STATUS_CHECK_MS = 500

// Subscriptions are also kept as rooms, which connection state recovery restores on reconnect.
const ROOM_PREFIX = 'quote:'

/*
 * Fan-out, chosen by the figures of tests/load/fanout.ts (issue 5, "Fan-out at the limit"): a phone
 * gets one `ticks` message per frame holding its own changed codes, and every quote is encoded
 * once per print however many phones hold it (TicksPackets), so a phone costs a buffer copy and
 * one WebSocket write. The other way, a socket.io room per code and one broadcast per changed code
 * (encoded once, sent to the room), costs a message per changed code per phone: at 500 phones × 50
 * codes it sent ~40,000 messages/s (80 a phone, against the rule of one per 100 ms) and delivered
 * ~35,000–44,000 ticks/s at ~40 % CPU, where these frames sent ~2,300–2,900 messages/s and
 * delivered 40,000–100,000 ticks/s at 17–37 % (2 shared busy cores; messages are the cost).
 */

/**
 * The socket.io `/quotes` hub (API.md): `subscribe(codes, ack)` answers with snapshots, ticks come
 * conflated (TickConflator) through each phone's QuoteTransport, `status` on connect and whenever
 * the feed's state changes. The hub keeps only who holds what. Every payload is validated: types
 * are not validation, and a bad one gets a refusal, not a crash.
 */
export function registerQuotesHub(
  io: Server,
  market: MarketService,
  logger?: Logger,
  count: { frameSent(): void } = { frameSent: () => {} },
): { close(): void } {
  const namespace = io.of(QUOTES_NAMESPACE) as Namespace<QuotesClientToServer, QuotesServerToClient>
  const conflator = new TickConflator<QuoteTransport>()
  const packets = new TicksPackets()
  const stopQuotes = market.onQuotes((quotes) => conflator.offer(quotes))
  // A flush sends a slice of its phones at a time and goes on at setImmediate, so what arrived
  // meanwhile (a batch of quotes from Redis) is read between two slices, not after them all.
  let resuming: NodeJS.Immediate | undefined
  const goOn = (more: boolean) => {
    resuming = more ? setImmediate(() => goOn(conflator.resume(FLUSH_SLICE))) : undefined
  }
  const flushTimer = setInterval(() => {
    if (resuming) clearImmediate(resuming)
    goOn(conflator.flush(FLUSH_SLICE))
  }, FLUSH_EVERY_MS).unref()

  // A change of the feed's state or of which codes are stale is news; lag alone is not. Each
  // gateway tells its own phones of its own market (`local`: not across gateways with REDIS_URL).
  // A streaming feed's codes follow demand: what it carries, delays or leaves to the simulator is news.
  const stateOf = (s: FeedStatus) =>
    [
      s.state,
      s.staleCodes?.join(',') ?? '',
      ...(s.realSources ?? []).map(
        (r) => `${r.state} ${r.codes.join(',')} ${r.delayed?.join(',')} ${r.simulated?.join(',')}`,
      ),
    ].join('|')
  let lastState = stateOf(market.status())
  const statusTimer = setInterval(() => {
    const status = market.status()
    if (stateOf(status) === lastState) return
    lastState = stateOf(status)
    namespace.local.emit('status', status)
  }, STATUS_CHECK_MS).unref()

  function subscribe(socket: QuotesSocket, phone: QuoteTransport, payload: unknown): SubscribeAck {
    const parsed = codesPayload.safeParse(payload)
    if (!parsed.success) return { ok: false, msg: 'invalid_input' }
    const wanted = new Set<string>()
    const unknown: string[] = []
    for (const code of parsed.data) {
      const listing = market.listing(code)
      if (listing) wanted.add(listing.code)
      else unknown.push(code)
    }
    const added = [...wanted].filter((code) => !conflator.holds(phone, code))
    if (conflator.heldBy(phone) + added.length > MAX_SUBSCRIPTIONS) {
      return { ok: false, msg: 'invalid_input' }
    }
    for (const code of added) conflator.subscribe(phone, code)
    void socket.join(added.map((code) => ROOM_PREFIX + code))
    // What phones watch now is what a streaming feed carries first (issue 38).
    market.watch(added)
    return { ok: true, snapshots: market.snapshots([...wanted]), unknown }
  }

  function unsubscribe(socket: QuotesSocket, phone: QuoteTransport, payload: unknown): void {
    const parsed = codesPayload.safeParse(payload)
    if (!parsed.success) return
    for (const code of parsed.data) {
      const canonical = market.listing(code)?.code
      if (!canonical || !conflator.holds(phone, canonical)) continue
      conflator.unsubscribe(phone, canonical)
      void socket.leave(ROOM_PREFIX + canonical)
      market.unwatch([canonical])
    }
  }

  namespace.on('connection', (socket) => {
    const phone = new QuoteTransport(socket.conn, packets, count.frameSent)
    if (socket.recovered) {
      const codes: string[] = []
      for (const room of socket.rooms) {
        if (!room.startsWith(ROOM_PREFIX)) continue
        codes.push(room.slice(ROOM_PREFIX.length))
      }
      for (const code of codes) conflator.subscribe(phone, code)
      market.watch(codes)
    }
    socket.emit('status', market.status())

    socket.on('subscribe', (payload: unknown, ack: unknown) => {
      let answer: SubscribeAck
      try {
        answer = subscribe(socket, phone, payload)
      } catch (error) {
        // A handler that throws would take the process down with it.
        logger?.error({ err: error }, 'quotes subscribe failed')
        answer = { ok: false, msg: 'network_error' }
      }
      if (typeof ack === 'function') ack(answer)
    })
    socket.on('unsubscribe', (payload: unknown) => {
      try {
        unsubscribe(socket, phone, payload)
      } catch (error) {
        logger?.error({ err: error }, 'quotes unsubscribe failed')
      }
    })
    socket.on('disconnect', () => {
      market.unwatch(conflator.codesOf(phone))
      conflator.remove(phone)
    })
  })

  return {
    close() {
      clearInterval(flushTimer)
      if (resuming) clearImmediate(resuming)
      clearInterval(statusTimer)
      stopQuotes()
      namespace.removeAllListeners('connection')
      namespace.disconnectSockets()
    },
  }
}
