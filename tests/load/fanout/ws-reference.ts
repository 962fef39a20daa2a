import type { Server as HttpServer } from 'node:http'
import type { Quote } from '@kabu/shared/market/types'
import { TICK_BATCH_MS } from '@kabu/shared/realtime'
import { WebSocketServer, type WebSocket } from 'ws'
import type { SyntheticMarket } from './synthetic-market'

interface Client {
  socket: WebSocket
  codes: Set<string>
  batch: Map<string, Quote>
}

/**
 * Setup a, the reference: raw `ws` doing the simplest correct thing. A client sends a JSON array of
 * codes; every TICK_BATCH_MS each client with changes gets one JSON message holding the latest tick
 * of each of its codes that changed, encoded for that client alone.
 */
export function startWsReference(
  http: HttpServer,
  market: SyntheticMarket,
  onFrame: (socket: WebSocket) => void,
): () => void {
  const server = new WebSocketServer({ server: http })
  const holders = new Map<string, Set<Client>>()
  let window = new Map<string, Quote>()

  server.on('connection', (socket) => {
    const client: Client = { socket, codes: new Set(), batch: new Map() }
    socket.on('message', (data) => {
      const codes = JSON.parse(String(data)) as string[]
      for (const code of codes) {
        client.codes.add(code)
        let set = holders.get(code)
        if (!set) holders.set(code, (set = new Set()))
        set.add(client)
      }
      socket.send(JSON.stringify({ subscribed: codes.length }))
    })
    socket.on('close', () => {
      for (const code of client.codes) holders.get(code)?.delete(client)
    })
  })

  const stopQuotes = market.service().onQuotes((quotes) => {
    for (const quote of quotes) if (holders.has(quote.code)) window.set(quote.code, quote)
  })
  const frames = setInterval(() => {
    const changed = window
    window = new Map()
    const due = new Set<Client>()
    for (const [code, quote] of changed) {
      for (const client of holders.get(code) ?? []) {
        client.batch.set(code, quote)
        due.add(client)
      }
    }
    for (const client of due) {
      client.socket.send(JSON.stringify([...client.batch.values()]))
      onFrame(client.socket)
      client.batch.clear()
    }
  }, TICK_BATCH_MS)

  return () => {
    clearInterval(frames)
    stopQuotes()
    server.close()
  }
}
