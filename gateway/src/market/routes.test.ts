import express from 'express'
import pino from 'pino'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMarket, type MarketService } from './index'
import { marketRouter } from './routes'

// A Tuesday, 14:00 in Tokyo: Japan and China trade, New York is closed.
const NOW = Date.parse('2026-03-10T05:00:00Z')
let market: MarketService
let app: express.Express

beforeAll(() => {
  market = createMarket({
    clock: { now: () => NOW },
    seed: 11,
    marketHours: 'real',
    logger: pino({ level: 'silent' }),
  })
  app = express().use('/api/market', marketRouter(market))
})

const get = (path: string) => request(app).get(`/api/market${path}`)
const refusedWith = (status: number, msg: string) => (res: request.Response) => {
  expect(res.status).toBe(status)
  expect(res.body).toEqual({ status: 0, msg })
}

describe('GET /api/market/search', () => {
  it('finds by code and by name, with a price and change', async () => {
    const res = await get('/search?q=7203').expect(200)
    expect(res.body.status).toBe(1)
    expect(res.body.data[0]).toMatchObject({ code: '7203', market: 'jp', kind: 'stock', lot: 100 })
    expect(typeof res.body.data[0].price).toBe('number')
    expect(typeof res.body.data[0].changePct).toBe('number')
    const byName = await get(`/search?q=${encodeURIComponent('トヨタ')}`).expect(200)
    expect(byName.body.data.map((d: { code: string }) => d.code)).toContain('7203')
    const limited = await get('/search?q=a&limit=3').expect(200)
    expect(limited.body.data.length).toBeLessThanOrEqual(3)
  })

  it('answers hostile queries with nothing found or invalid_input, never a 500', async () => {
    for (const q of ["' OR 1=1; DROP TABLE users --", '<script>alert(1)</script>', '%00']) {
      const res = await get(`/search?q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ status: 1, msg: 'ok', data: [] })
    }
    refusedWith(400, 'invalid_input')(await get('/search'))
    refusedWith(400, 'invalid_input')(await get('/search?q='))
    refusedWith(400, 'invalid_input')(await get(`/search?q=${'x'.repeat(65)}`))
    refusedWith(400, 'invalid_input')(await get(`/search?q=${'x'.repeat(10_000)}`))
    refusedWith(400, 'invalid_input')(await get('/search?q=a&q=b'))
    refusedWith(400, 'invalid_input')(await get('/search?q=a&limit=0'))
    refusedWith(400, 'invalid_input')(await get('/search?q=a&limit=-1'))
  })
})

describe('GET /api/market/snapshot', () => {
  it('returns known codes and leaves unknown ones out', async () => {
    const res = await get('/snapshot?codes=7203,aapl,NOPE,600519').expect(200)
    const codes = res.body.data.map((q: { code: string }) => q.code)
    expect(codes).toEqual(['7203', 'AAPL', '600519'])
    const toyota = res.body.data[0]
    expect(toyota).toMatchObject({ market: 'jp', kind: 'stock', trading: true })
    expect(toyota.limitUp).toBeGreaterThan(toyota.price)
    expect(res.body.data[1]).toMatchObject({ trading: false, limitUp: null })
  })

  it('refuses missing, empty, oversized and malformed code lists', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `C${i}`).join(',')
    for (const query of [
      '',
      '?codes=',
      '?codes=,,,',
      `?codes=${many}`,
      `?codes=${encodeURIComponent('<script>')}`,
      `?codes=${encodeURIComponent("7203' OR '1'='1")}`,
      `?codes=${'A'.repeat(17)}`,
      '?codes=7203&codes=AAPL',
    ]) {
      refusedWith(400, 'invalid_input')(await get(`/snapshot${query}`))
    }
  })
})

describe('GET /api/market/bars', () => {
  it('serves a year of daily bars and today minutes', async () => {
    const daily = await get('/bars?code=7203&interval=1d').expect(200)
    expect(daily.body.data.length).toBeGreaterThan(245)
    const first = daily.body.data[0]
    expect(Object.keys(first).sort()).toEqual(
      ['close', 'high', 'low', 'open', 'time', 'turnover', 'volume'].sort(),
    )
    const minutes = await get('/bars?code=7203&interval=1m').expect(200)
    // 9:00–11:30 and 12:30–14:00 in Tokyo: 240 minutes at most.
    expect(minutes.body.data.length).toBeGreaterThan(200)
    expect(minutes.body.data.length).toBeLessThanOrEqual(240)
    const last = minutes.body.data.at(-1)
    const snapshot = market.snapshot('7203')!
    expect(last.close).toBe(snapshot.price)
    expect(daily.body.data.at(-1)).toMatchObject({
      open: snapshot.open,
      high: snapshot.high,
      low: snapshot.low,
      close: snapshot.price,
      volume: snapshot.volume,
    })
  })

  it('filters by from/to; forward keeps the latest bar, backward the first', async () => {
    const all = (await get('/bars?code=AAPL&interval=1w').expect(200)).body.data
    const from = all[10].time
    const to = all[20].time
    const some = (await get(`/bars?code=AAPL&interval=1w&from=${from}&to=${to}`)).body.data
    expect(some).toEqual(all.slice(10, 21))
    expect((await get('/bars?code=AAPL&interval=1w&adjust=none')).body.data).toEqual(all)
    // tests/api/market-bars.test.ts checks the adjusted prices against the corporate actions.
    const forward = (await get('/bars?code=AAPL&interval=1w&adjust=forward')).body.data
    const backward = (await get('/bars?code=AAPL&interval=1w&adjust=backward')).body.data
    expect(forward.at(-1)).toEqual(all.at(-1))
    expect(backward[0]).toEqual(all[0])
    expect(forward.map((bar: { time: number }) => bar.time)).toEqual(
      all.map((bar: { time: number }) => bar.time),
    )
  })

  it('refuses bad input and does not know unknown codes', async () => {
    refusedWith(404, 'not_found')(await get('/bars?code=NOPE&interval=1d'))
    for (const query of [
      '',
      '?code=7203',
      '?code=7203&interval=2h',
      '?code=7203&interval=1d&from=100&to=50',
      '?code=7203&interval=1d&from=abc',
      '?code=7203&interval=1d&to=-5',
      '?code=7203&interval=1d&from=1e9',
      '?code=7203&interval=1d&adjust=sideways',
      `?code=${encodeURIComponent('<img src=x>')}&interval=1d`,
      `?code=${encodeURIComponent("1' OR 1=1")}&interval=1d`,
    ]) {
      refusedWith(400, 'invalid_input')(await get(`/bars${query}`))
    }
  })
})

describe('GET /api/market/indices and /rank', () => {
  it('lists the indices', async () => {
    const res = await get('/indices').expect(200)
    const codes = res.body.data.map((q: { code: string }) => q.code)
    expect(codes).toEqual(expect.arrayContaining(['N225', 'TOPIX', 'SPX', 'IXIC', '000001.SH']))
    expect(res.body.data.every((q: { kind: string }) => q.kind === 'index')).toBe(true)
  })

  it('ranks a market by each key', async () => {
    const gainers = (await get('/rank?market=jp&by=gainers').expect(200)).body.data
    expect(gainers.length).toBe(20)
    expect(gainers.every((q: { market: string; kind: string }) => q.market === 'jp')).toBe(true)
    const pct = gainers.map((q: { changePct: number }) => q.changePct)
    expect(pct).toEqual([...pct].sort((a, b) => b - a))
    const losers = (await get('/rank?market=cn&by=losers&limit=5').expect(200)).body.data
    expect(losers.length).toBe(5)
    expect(losers[0].changePct).toBeLessThanOrEqual(losers[4].changePct)
    const cap = (await get('/rank?market=us&by=cap&limit=3').expect(200)).body.data
    expect(cap[0].marketCap).toBeGreaterThanOrEqual(cap[1].marketCap)
    for (const by of ['volume', 'turnover']) await get(`/rank?market=jp&by=${by}`).expect(200)
  })

  it('refuses unknown markets, keys and limits', async () => {
    for (const query of [
      '',
      '?market=jp',
      '?market=uk&by=cap',
      '?market=jp&by=best',
      '?market=jp&by=cap&limit=101',
    ]) {
      refusedWith(400, 'invalid_input')(await get(`/rank${query}`))
    }
  })
})
