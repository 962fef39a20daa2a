import type { CompanyFacts, Depth } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type DepthAck,
  type QuotesClientToServer,
  type QuotesServerToClient,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/** `/api/market/depth`, `/api/market/company` and the `depth` stream of the composed gateway. */
let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t.stop()
})

const get = async (path: string) => {
  const res = await fetch(`${t.url}/api/market${path}`)
  return {
    status: res.status,
    body: (await res.json()) as { status: number; msg: string; data: unknown },
  }
}

describe('GET /api/market/depth', () => {
  it('answers the book, the tape and a VWAP consistent with the quote', async () => {
    for (const code of ['7203', 'AAPL', '600519']) {
      const { status, body } = await get(`/depth?code=${code}`)
      expect(status).toBe(200)
      expect(body.status).toBe(1)
      const depth = body.data as Depth
      const quote = ((await get(`/snapshot?codes=${code}`)).body.data as Quote[])[0]!
      expect(Object.keys(depth).sort()).toEqual([
        'asks',
        'bids',
        'code',
        'dayStart',
        'tape',
        'time',
        'vwap',
      ])
      expect(depth.code).toBe(code)
      expect(depth.bids.length).toBeGreaterThanOrEqual(5)
      expect(depth.asks.length).toBeGreaterThanOrEqual(5)
      expect(depth.bids[0]!.price).toBeLessThan(depth.asks[0]!.price)
      for (const level of [...depth.bids, ...depth.asks]) {
        expect(level.size % (code === 'AAPL' ? 1 : 100)).toBe(0)
        if (quote.limitUp !== null) expect(level.price).toBeLessThanOrEqual(quote.limitUp)
        if (quote.limitDown !== null) expect(level.price).toBeGreaterThanOrEqual(quote.limitDown)
      }
      expect(depth.tape.length).toBeGreaterThan(0)
      expect(depth.dayStart).toBeGreaterThan(0)
      for (const print of depth.tape) {
        // Today's prints only: none from before the day's open.
        expect(print.time).toBeGreaterThanOrEqual(depth.dayStart)
        expect(['buy', 'sell']).toContain(print.side)
        expect(print.price).toBeGreaterThanOrEqual(quote.low)
        expect(print.price).toBeLessThanOrEqual(quote.high)
      }
      // Prints keep coming between the two requests, so the quote may be a few prints later.
      expect(depth.vwap).toBeGreaterThanOrEqual(quote.low)
      expect(depth.vwap).toBeLessThanOrEqual(quote.high)
    }
  })

  it('refuses an unknown code with 404 not_found and bad input with 400 invalid_input', async () => {
    expect(await get('/depth?code=NOPE')).toEqual({
      status: 404,
      body: { status: 0, msg: 'not_found' },
    })
    for (const query of [
      '',
      '?code=',
      '?code=7203&code=6758',
      `?code=${'x'.repeat(17)}`,
      '?code=%00',
    ]) {
      expect(await get(`/depth${query}`)).toEqual({
        status: 400,
        body: { status: 0, msg: 'invalid_input' },
      })
    }
  })
})

describe('GET /api/market/company', () => {
  it('answers sector, cap, PE, yield and a 52-week range around the price, labelled simulated', async () => {
    const { status, body } = await get('/company?code=7203')
    expect(status).toBe(200)
    const facts = body.data as CompanyFacts
    const quote = ((await get('/snapshot?codes=7203')).body.data as Quote[])[0]!
    expect(facts).toMatchObject({ code: '7203', sector: 'auto', simulated: true })
    expect(facts.sharesOutstanding).toBeGreaterThan(0)
    expect(facts.marketCap).toBeGreaterThan(0)
    expect(facts.pe).toBeGreaterThan(0)
    expect(facts.dividendYield).toBeGreaterThanOrEqual(0)
    expect(facts.high52w!).toBeGreaterThanOrEqual(facts.low52w!)
    // Today's bar is one of the year's bars.
    expect(facts.high52w!).toBeGreaterThanOrEqual(quote.low)
    expect(facts.low52w!).toBeLessThanOrEqual(quote.high)
    const index = (await get('/company?code=N225')).body.data as CompanyFacts
    expect(index).toMatchObject({ code: 'N225', eps: null, pe: null, dividendYield: null })
  })

  it('refuses an unknown code and bad input as the other routes do', async () => {
    expect(await get('/company?code=NOPE')).toEqual({
      status: 404,
      body: { status: 0, msg: 'not_found' },
    })
    expect(await get('/company')).toEqual({
      status: 400,
      body: { status: 0, msg: 'invalid_input' },
    })
  })
})

describe('depth stream of the composed app', () => {
  it('acks depth:subscribe with the depth and pushes depth events', async () => {
    const socket: Socket<QuotesServerToClient, QuotesClientToServer> = connect(
      `${t.url}${QUOTES_NAMESPACE}`,
      { transports: ['websocket'], reconnection: false },
    )
    try {
      const updates: Depth[] = []
      socket.on('depth', (depth) => updates.push(depth))
      const codes = ['7203', '9432', 'AAPL', 'NVDA', '600519']
      for (const code of codes) {
        const ack: DepthAck = await socket.timeout(5_000).emitWithAck('depth:subscribe', code)
        expect(ack).toMatchObject({ ok: true, depth: { code } })
      }
      await expect.poll(() => updates.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0)
      expect(codes).toContain(updates[0]!.code)
    } finally {
      socket.disconnect()
    }
  })
})
