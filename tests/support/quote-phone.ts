import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'

export type QuotePhone = Socket<QuotesServerToClient, QuotesClientToServer>

/** The indices and the first stocks: a few seconds of an open market bring prints. */
export const BUSY_CODES = LISTINGS.slice(0, 60).map((l) => l.code)

/**
 * A phone on `/quotes` at `url` (a gateway or a proxy in front) on one transport, recording its
 * ticks and what went wrong; it subscribes to BUSY_CODES on each connect.
 */
export function quotePhone(url: string, transport: 'websocket' | 'polling' = 'websocket') {
  const socket: QuotePhone = connect(`${url}${QUOTES_NAMESPACE}`, {
    transports: [transport],
    // Node's engine.io client keeps cookies (HAProxy's pin) only with credentials on.
    withCredentials: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  })
  const ticks: Quote[] = []
  const errors: string[] = []
  socket.on('ticks', (quotes) => ticks.push(...quotes))
  socket.on('connect_error', (error) => errors.push(error.message))
  socket.io.engine?.on('close', (reason) => errors.push(`closed: ${reason}`))
  socket.on('connect', () => {
    socket.emit('subscribe', BUSY_CODES, (ack: SubscribeAck) => {
      if (!ack.ok) errors.push(`subscribe refused: ${ack.msg}`)
    })
  })
  return { socket, ticks, errors }
}
