import { io, type Socket } from 'socket.io-client'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
} from '@kabu/shared/realtime'
import type { QuotesSocket, QuotesSocketEvents } from './quotes-socket'

/**
 * The real `/quotes` connection (same origin: the gateway serves the app, the dev server proxies).
 * The only place socket.io-client is imported. The layer emits only while connected and
 * resubscribes on every connect, so socket.io's own offline buffer never holds a stale subscribe.
 */
export function createSocketIoQuotes(url: string = QUOTES_NAMESPACE): QuotesSocket {
  const socket: Socket<QuotesServerToClient, QuotesClientToServer> = io(url, {
    autoConnect: false,
    // Long polling first would add a round trip on every start; fall back to it only if needed.
    transports: ['websocket', 'polling'],
  })
  return {
    get connected() {
      return socket.connected
    },
    on<E extends keyof QuotesSocketEvents>(event: E, listener: QuotesSocketEvents[E]) {
      // socket.io types reserved and user events separately; the union above is exactly both.
      socket.on(event as never, listener as never)
    },
    emit(event, ...args) {
      socket.emit(event, ...args)
    },
    connect() {
      socket.connect()
    },
    close() {
      socket.disconnect()
    },
  }
}
