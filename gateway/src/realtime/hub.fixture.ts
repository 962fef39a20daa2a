import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { QuotesClientToServer, QuotesServerToClient } from '@kabu/shared/realtime'
import pino from 'pino'
import { Server } from 'socket.io'
import { io as connect, type Socket as ClientSocket } from 'socket.io-client'
import { createMarket, type MarketService } from '../market/index'

export type QuotesClient = ClientSocket<QuotesServerToClient, QuotesClientToServer>
type Transport = 'websocket' | 'polling' | 'upgrade'

/** Events without the typed map: hostile clients do not respect it. */
export const untyped = (socket: QuotesClient) => socket as unknown as ClientSocket

/**
 * A socket.io server on port 0 over a running simulator (seed 1, around the clock) with the hubs
 * that `register` attaches, for the `/quotes` hub tests. `open()` connects without waiting (to
 * catch what the server sends on connect), `client()` once connected; `stop()` closes it all.
 */
export async function startHubServer(
  register: (io: Server, market: MarketService) => { close(): void } | void,
) {
  const market = createMarket({
    clock: { now: Date.now },
    seed: 1,
    marketHours: 'always',
    logger: pino({ level: 'silent' }),
  })
  market.start()
  const http = createServer()
  const io = new Server(http)
  const hub = register(io, market)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/quotes`
  const clients: QuotesClient[] = []

  /**
   * A phone on a WebSocket, one held on long-polling (`polling`: no upgrade), or one that starts on
   * long-polling and upgrades, as a browser's socket.io-client does by default (`upgrade`).
   */
  const open = (transport: Transport = 'websocket'): QuotesClient => {
    const transports = transport === 'upgrade' ? ['polling', 'websocket'] : [transport]
    const socket: QuotesClient = connect(url, { transports, forceNew: true })
    clients.push(socket)
    return socket
  }
  return {
    io,
    market,
    open,
    async client(transport?: Transport): Promise<QuotesClient> {
      const socket = open(transport)
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
      return socket
    },
    async stop(): Promise<void> {
      for (const client of clients) client.disconnect()
      hub?.close()
      market.stop()
      // Closing the io server closes its http server, which stops the hubs' timers.
      await io.close()
    },
  }
}
