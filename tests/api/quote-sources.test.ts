import path from 'node:path'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bar, FeedStatus, Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import {
  FAKE_MAPPING,
  startFakeEndpoint,
} from '../../gateway/src/market/sources/fake-endpoint.fixture'
import { startTestApp, type TestApp } from '../support/app'
import { buy, trader } from './trading.support'

/**
 * QUOTE_SOURCE=poll:URL and replay:FILE in the real gateway (issue 5, "Quote sources"): a poller
 * whose endpoint stops makes its codes stale on every client within 3 s, market orders on them are
 * refused with quote_stale while a resting limit is still taken, and the endpoint's return makes
 * them live again. A replay plays the shipped FRED series into the code it names.
 */
type QuotesSocket = Socket<QuotesServerToClient, QuotesClientToServer>

const waitFor = async <T>(read: () => T | undefined, ms: number, what: string): Promise<T> => {
  const until = performance.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function quotesClient(url: string, codes: string[]) {
  const socket: QuotesSocket = connect(`${url}${QUOTES_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
  })
  const statuses: Array<{ at: number; status: FeedStatus }> = []
  socket.on('status', (status) => statuses.push({ at: performance.now(), status }))
  const ack = await new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', codes, resolve))
  return { socket, statuses, ack }
}

const marketGet = async <T>(url: string, path: string): Promise<T> => {
  const res = await fetch(`${url}/api/market${path}`)
  return ((await res.json()) as { data: T }).data
}
const snapshot = async (url: string, code: string): Promise<Quote | undefined> =>
  (await marketGet<Quote[]>(url, `/snapshot?codes=${code}`))[0]

/** Polls the REST snapshot until `code` trades at `price`. */
async function priceReaches(url: string, code: string, price: number, ms: number) {
  const until = performance.now() + ms
  while ((await snapshot(url, code))?.price !== price) {
    if (performance.now() > until) throw new Error(`${code} never reached ${price}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('QUOTE_SOURCE=poll:URL', () => {
  let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>
  let t: TestApp

  beforeAll(async () => {
    endpoint = await startFakeEndpoint()
    t = await startTestApp({
      env: {
        QUOTE_SOURCE: `poll:${endpoint.url}`,
        QUOTE_POLL_MAP: JSON.stringify(FAKE_MAPPING),
        QUOTE_POLL_INTERVAL_MS: '200',
        QUOTE_STALE_MS: '1500',
        QUOTE_BREAKER_FAILURES: '3',
        QUOTE_BREAKER_COOLDOWN_MS: '500',
        QUOTE_BACKOFF_MAX_MS: '300',
      },
    })
  })
  afterAll(async () => {
    await t?.stop()
    await endpoint?.close()
  })

  it('stale within 3 s when the endpoint stops, market orders refused, limits taken, live again', async () => {
    const g = await trader(t, 'poll0001')
    const a = await quotesClient(t.url, ['7203'])
    const b = await quotesClient(t.url, ['7203', '6758'])
    try {
      // The poller's price, not the simulator's, is 7203's quote.
      await priceReaches(t.url, '7203', 2500.5, 3_000)
      expect(await buy(t, g, {})).toMatchObject({ status: 1 })

      endpoint.setMode('error')
      const stoppedAt = performance.now()
      for (const client of [a, b]) {
        const seen = await waitFor(
          () =>
            client.statuses.find((s) => s.at > stoppedAt && s.status.staleCodes?.includes('7203')),
          4_000,
          'a stale status',
        )
        expect(seen.at - stoppedAt).toBeLessThan(3_000)
        // Only the poller's codes: the simulator behind the rest is still live.
        expect(seen.status).toMatchObject({ state: 'live', staleCodes: ['7203'] })
        expect(seen.status.realSources).toEqual([
          expect.objectContaining({
            source: 'poll',
            label: new URL(endpoint.url).host,
            codes: ['7203'],
            state: 'stale',
          }),
        ])
      }

      expect(await buy(t, g, {})).toMatchObject({ status: 0, msg: 'quote_stale' })
      // A limit at or above the last price would fill at once at the stale price: refused too.
      expect(await buy(t, g, { price: '2600' })).toMatchObject({ status: 0, msg: 'quote_stale' })
      // A limit below the market rests until live prints reach it: taken.
      expect(await buy(t, g, { price: '2400' })).toMatchObject({ status: 1 })
      // Codes the simulator feeds still trade.
      expect(await buy(t, g, { code: '6758' })).toMatchObject({ status: 1 })

      endpoint.setPrice(2510)
      endpoint.setMode('ok')
      const healedAt = performance.now()
      await waitFor(
        () => a.statuses.find((s) => s.at > healedAt && s.status.staleCodes?.length === 0),
        4_000,
        'a live status',
      )
      await priceReaches(t.url, '7203', 2510, 1_000)
      expect(await buy(t, g, {})).toMatchObject({ status: 1 })
    } finally {
      a.socket.disconnect()
      b.socket.disconnect()
    }
  })
})

describe('QUOTE_SOURCE=replay:FILE', () => {
  const file = path.resolve(import.meta.dirname, '../../gateway/data/replay/dexjpus.csv')
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp({
      env: { QUOTE_SOURCE: `replay:${file}?code=TOPIX&speed=100&label=USD/JPY (FRED DEXJPUS)` },
    })
  })
  afterAll(() => t?.stop())

  it('plays the series into its code, labels it, and turns it stale when the file ends', async () => {
    const client = await quotesClient(t.url, ['TOPIX'])
    try {
      const ended = await waitFor(
        () => client.statuses.find((s) => s.status.staleCodes?.includes('TOPIX')),
        10_000,
        'the replay to end',
      )
      expect(ended.status.realSources?.[0]).toMatchObject({
        source: 'replay',
        label: 'USD/JPY (FRED DEXJPUS)',
        codes: ['TOPIX'],
      })
      const bars = await marketGet<Bar[]>(t.url, '/bars?code=TOPIX&interval=1d')
      expect(bars).toHaveLength(258)
      expect(bars[0]!.close).toBe(161.55)
      expect(bars.at(-1)!.close).toBe(147.29)
      expect((await snapshot(t.url, 'TOPIX'))?.price).toBe(147.29)
    } finally {
      client.socket.disconnect()
    }
  })
})
