import type { Depth } from '@kabu/shared/market/depth'
import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type DepthAck,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'

/** The streaming proxies' tests' phones on /quotes and settings (real-quotes*.test.ts). */
export type Phone = Socket<QuotesServerToClient, QuotesClientToServer>

export const STALE_MS = 600
export const GRACE_MS = 400

export async function waitFor<T>(
  read: () => T | undefined | false,
  ms: number,
  what: string,
): Promise<T> {
  const until = performance.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export async function phone(url: string, codes: string[]) {
  const socket: Phone = connect(`${url}${QUOTES_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
  })
  const ticks: Quote[] = []
  const depths: Depth[] = []
  let status: FeedStatus | undefined
  socket.on('ticks', (quotes) => ticks.push(...quotes))
  socket.on('depth', (depth) => depths.push(depth))
  socket.on('status', (s) => (status = s))
  const ack = await new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', codes, resolve))
  if (!ack.ok) throw new Error(ack.msg)
  return {
    socket,
    ticks,
    depths,
    status: () => status,
    last: (code: string) => ticks.filter((q) => q.code === code).at(-1),
    depth: (code: string) =>
      new Promise<DepthAck>((resolve) => socket.emit('depth:subscribe', code, resolve)),
  }
}

/** The code's depth once `ready` says it holds what the test sent (the feed is a hop away). */
export async function depthWith(
  p: Awaited<ReturnType<typeof phone>>,
  code: string,
  ready: (d: Depth) => boolean,
) {
  const until = performance.now() + 3_000
  for (;;) {
    const ack = await p.depth(code)
    if (ack.ok && ready(ack.depth)) return ack.depth
    if (performance.now() > until) throw new Error(`no depth of ${code} as expected`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export const streams = {
  QUOTE_STALE_MS: String(STALE_MS),
  QUOTE_RELEASE_GRACE_MS: String(GRACE_MS),
  QUOTE_BACKOFF_BASE_MS: '50',
  QUOTE_BACKOFF_MAX_MS: '200',
  QUOTE_BREAKER_FAILURES: '20',
  QUOTE_BREAKER_COOLDOWN_MS: '200',
  QUOTE_DEMAND_REFRESH_MS: '200',
}
