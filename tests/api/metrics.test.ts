import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connect, type Socket } from 'socket.io-client'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { brokerApi } from '../support/broker'

/** `GET /metrics` (API.md): Prometheus text, behind the operator token, counting what happens. */
let t: TestApp
const TOKEN = 'metrics-test-token'

beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN: TOKEN } })
})
afterAll(() => t.stop())

const scrape = async () => {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return res.text()
}

/** The value of one series, e.g. `kabu_sockets{namespace="/quotes"}`; undefined when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('is refused without the operator token', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
  })

  it('times requests by route pattern, never by raw path', async () => {
    const before = await scrape()
    const login = `kabu_http_request_duration_seconds_count{method="POST",route="/api/vue/user/login",status="2xx"}`
    await brokerApi(t.url, '/user/login', { account: DEMO.account, password: DEMO.password })
    await fetch(`${t.url}/api/market/search?q=7203`)
    const after = await scrape()
    expect(valueOf(after, login)).toBe((valueOf(before, login) ?? 0) + 1)
    expect(after).not.toContain('q=7203')
  })

  it('counts sockets per namespace, ticks in, frames out, ledger transactions, the leader and the loop delay', async () => {
    const before = await scrape()
    const socket: Socket<QuotesServerToClient, QuotesClientToServer> = connect(
      `${t.url}${QUOTES_NAMESPACE}`,
      { transports: ['websocket'], reconnection: false },
    )
    try {
      const ack = await new Promise<SubscribeAck>((resolve) =>
        socket.emit('subscribe', ['7203', '6758', '9984'], resolve),
      )
      expect(ack.ok).toBe(true)
      await new Promise<void>((resolve) => socket.once('ticks', () => resolve()))
      const during = await scrape()
      expect(valueOf(during, 'kabu_sockets{namespace="/quotes"}')).toBe(1)
      expect(valueOf(during, 'kabu_ticks_in_total')).toBeGreaterThan(
        valueOf(before, 'kabu_ticks_in_total') ?? 0,
      )
      expect(valueOf(during, 'kabu_frames_out_total')).toBeGreaterThan(
        valueOf(before, 'kabu_frames_out_total') ?? 0,
      )
    } finally {
      socket.disconnect()
    }
    // The demo account's opening deposit went through the ledger as the app started.
    const after = await scrape()
    expect(valueOf(after, 'kabu_ledger_transactions_total{kind="deposit"}')).toBeGreaterThan(0)
    expect(valueOf(after, 'kabu_leader')).toBe(1)
    expect(valueOf(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0)
  })
})
