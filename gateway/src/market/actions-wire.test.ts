import express from 'express'
import pino from 'pino'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { WireAction } from '@kabu/shared/api/actions'
import { isTradingDay } from '@kabu/shared/market/calendar'
import { createMarket, type MarketService } from './index'
import { marketRouter } from './routes'

// A Tuesday, 14:00 in Tokyo.
const NOW = Date.parse('2026-03-10T05:00:00Z')
let market: MarketService
let app: express.Express

beforeAll(() => {
  const clock = { now: () => NOW }
  market = createMarket({ clock, seed: 11, marketHours: 'real', logger: pino({ level: 'silent' }) })
  app = express().use('/api/market', marketRouter(market, clock))
})

const actionsOf = async (query: string) => {
  const res = await request(app).get(`/api/market/actions?${query}`).expect(200)
  expect(res.body.status).toBe(1)
  return res.body.data as WireAction[]
}

describe('GET /api/market/actions', () => {
  it("publishes Toyota's dividends a year ahead: ex one business day before the record date", async () => {
    const ahead = await actionsOf('code=7203&from=2026-03-01&to=2026-12-31')
    const dividends = ahead.filter((a) => a.kind === 'dividend')
    expect(dividends.map((d) => d.ex_date.slice(0, 7))).toEqual(['2026-03', '2026-09'])
    for (const d of dividends) {
      expect(isTradingDay('jp', d.ex_date) && isTradingDay('jp', d.record_date)).toBe(true)
      expect(d.record_date > d.ex_date).toBe(true)
      expect(d.pay_date! > d.record_date).toBe(true)
      expect(d.status).toBe('scheduled')
      expect(d.cash_per_share).toBeNull()
    }
  })

  it('shows past dividends fixed or paid, with their cash', async () => {
    const past = await actionsOf('code=7203&from=2025-03-01&to=2025-12-31')
    const dividends = past.filter((a) => a.kind === 'dividend')
    expect(dividends).toHaveLength(2)
    for (const d of dividends) {
      expect(Number(d.cash_per_share)).toBeGreaterThan(0)
      expect(d.status).toBe(d.pay_date! > '2026-03-10' ? 'fixed' : 'done')
    }
  })

  it('puts a US record date on its ex-date', async () => {
    const us = (await actionsOf('code=AAPL&from=2026-01-01&to=2026-12-31')).filter(
      (a) => a.kind === 'dividend',
    )
    for (const d of us) expect(d.record_date).toBe(d.ex_date)
  })

  it('answers [] for an unknown code and refuses bad or too long ranges', async () => {
    expect(await actionsOf('code=NOPE1')).toEqual([])
    for (const query of [
      'code=7203&from=2026-13',
      'code=7203&from=2026-05-01&to=2026-01-01',
      '',
      'code=7203&from=2020-01-01&to=2026-01-01',
    ]) {
      const res = await request(app).get(`/api/market/actions?${query}`).expect(400)
      expect(res.body).toEqual({ status: 0, msg: 'invalid_input' })
    }
  })
})
