import type { Quote } from '@kabu/shared/market/types'
import { QUOTES_NAMESPACE, TICK_BATCH_MS } from '@kabu/shared/realtime'
import type { Server } from 'socket.io'
import type { SyntheticMarket } from './synthetic-market'

/**
 * The trade-off probe ("rooms"): one socket.io room per code and, per frame, one broadcast
 * per changed code, so each quote is encoded once for every holder — but a phone gets as many
 * messages per frame as it has changed codes, which breaks the one-per-100 ms rule. It answers
 * `subscribe` like the hub (no snapshots: the benchmark does not read them).
 */
export function startRoomsHub(io: Server, market: SyntheticMarket): () => void {
  const namespace = io.of(QUOTES_NAMESPACE)
  const held = new Set<string>()
  let window = new Map<string, Quote>()

  namespace.on('connection', (socket) => {
    socket.on('subscribe', (codes: string[], ack: (answer: unknown) => void) => {
      for (const code of codes) held.add(code)
      void socket.join(codes.map((code) => `quote:${code}`))
      ack({ ok: true, snapshots: [], unknown: [] })
    })
  })
  const stopQuotes = market.service().onQuotes((quotes) => {
    for (const quote of quotes) if (held.has(quote.code)) window.set(quote.code, quote)
  })
  const frames = setInterval(() => {
    const changed = window
    window = new Map()
    for (const [code, quote] of changed) {
      namespace.to(`quote:${code}`).emit('ticks', [quote])
    }
  }, TICK_BATCH_MS)

  return () => {
    clearInterval(frames)
    stopQuotes()
  }
}
