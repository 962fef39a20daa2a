import type { Server as HttpServer } from 'node:http'
import {
  DEPTH_BATCH_MS,
  MAX_DEPTH_SUBSCRIPTIONS,
  QUOTES_NAMESPACE,
  type DepthAck,
  type QuotesClientToServer,
  type QuotesServerToClient,
} from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Namespace, Server } from 'socket.io'
import { z } from 'zod'
import type { MarketService } from '../market/index'

/** A code as `/api/market` accepts it. */
const codePayload = z.string().regex(/^[A-Za-z0-9.]{1,16}$/)

// Each followed code is a room: one `depth` is encoded once for all its sockets, and connection
// state recovery restores the rooms of a socket that comes back.
const ROOM_PREFIX = 'depth:'

/**
 * `depth:subscribe(code, ack)` / `depth:unsubscribe(code)` on `/quotes`: the ack carries the code's
 * whole depth, then a `depth` event (book, prints since the last one, VWAP) follows whenever the
 * code printed, at most once per DEPTH_BATCH_MS, only to the sockets that asked. Registered beside
 * the quotes hub on the same namespace; it stops when the io server's http server closes.
 */
export function registerDepthHub(
  io: Server,
  market: MarketService,
  logger?: Logger,
): { close(): void } {
  const namespace = io.of(QUOTES_NAMESPACE) as Namespace<QuotesClientToServer, QuotesServerToClient>
  /** Sockets following each code (this instance's), and the seq of the last print sent for it. */
  const followers = new Map<string, number>()
  const lastSentSeq = new Map<string, number>()
  const printed = new Set<string>()

  const stopQuotes = market.onQuotes((quotes) => {
    for (const quote of quotes) if (followers.has(quote.code)) printed.add(quote.code)
  })
  const flushTimer = setInterval(() => {
    for (const code of printed) {
      const depth = market.depth(code, lastSentSeq.get(code))
      if (!depth) continue
      const newest = depth.tape[0]
      if (newest) lastSentSeq.set(code, newest.seq)
      // Local: with the Redis adapter every gateway serves its own sockets from its own market.
      namespace.local.to(ROOM_PREFIX + code).emit('depth', depth)
    }
    printed.clear()
  }, DEPTH_BATCH_MS).unref()

  const follow = (code: string) => followers.set(code, (followers.get(code) ?? 0) + 1)
  const unfollow = (code: string) => {
    const left = (followers.get(code) ?? 1) - 1
    if (left > 0) return void followers.set(code, left)
    followers.delete(code)
    lastSentSeq.delete(code)
  }

  namespace.on('connection', (socket) => {
    const codes = new Set<string>()
    if (socket.recovered) {
      for (const room of socket.rooms) {
        if (!room.startsWith(ROOM_PREFIX)) continue
        const code = room.slice(ROOM_PREFIX.length)
        codes.add(code)
        follow(code)
      }
    }

    function subscribe(payload: unknown): DepthAck {
      const parsed = codePayload.safeParse(payload)
      if (!parsed.success) return { ok: false, msg: 'invalid_input' }
      const code = market.listing(parsed.data)?.code
      const depth = code && market.depth(code)
      if (!code || !depth) return { ok: false, msg: 'not_found' }
      if (!codes.has(code)) {
        if (codes.size >= MAX_DEPTH_SUBSCRIPTIONS) return { ok: false, msg: 'invalid_input' }
        codes.add(code)
        if (!followers.has(code)) lastSentSeq.set(code, depth.tape[0]?.seq ?? -1)
        follow(code)
        void socket.join(ROOM_PREFIX + code)
      }
      return { ok: true, depth }
    }

    socket.on('depth:subscribe', (payload: unknown, ack: unknown) => {
      let answer: DepthAck
      try {
        answer = subscribe(payload)
      } catch (error) {
        // A handler that throws would take the process down with it.
        logger?.error({ err: error }, 'depth subscribe failed')
        answer = { ok: false, msg: 'network_error' }
      }
      if (typeof ack === 'function') ack(answer)
    })
    socket.on('depth:unsubscribe', (payload: unknown) => {
      const parsed = codePayload.safeParse(payload)
      const code = parsed.success ? market.listing(parsed.data)?.code : undefined
      if (!code || !codes.delete(code)) return
      unfollow(code)
      void socket.leave(ROOM_PREFIX + code)
    })
    socket.on('disconnect', () => {
      for (const code of codes) unfollow(code)
      codes.clear()
    })
  })

  function close() {
    clearInterval(flushTimer)
    stopQuotes()
  }
  ;(io.httpServer as HttpServer | undefined)?.once('close', close)
  return { close }
}
