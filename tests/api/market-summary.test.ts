import type { MarketSummary } from '@kabu/shared/market/summary'
import type { Market, Quote } from '@kabu/shared/market/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/**
 * GET /api/market/summary over a real gateway. The simulator is stopped once it has built its
 * market, so every figure can be checked against the snapshots of the same instant.
 */
let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
  t.app.market.stop()
  // New shares whose listing day has come join the market when the IPO job's pass lists them: on
  // PostgreSQL that first pass may still be on its way. One pass here, so none joins mid-test.
  await t.app.broker.ipo.jobs.runOnce()
  // The whole Tokyo market is built on demand: once, here, rather than inside the first test's time.
  await t.app.market.whole(true)
  // Building 4,626 listings is fixed CPU work: a few seconds quiet, past the project's minute on
  // a machine whose cores are all taken (seen on PostgreSQL's three workers beside two busy loops).
  // How long it takes is no verdict on the figures checked here.
}, 240_000)
afterAll(() => t.stop())

async function get<T>(
  path: string,
): Promise<{ http: number; body: { status: number; msg?: string; data: T } }> {
  const res = await fetch(`${t.url}/api/market${path}`)
  return { http: res.status, body: (await res.json()) as { status: number; data: T } }
}
const summaryOf = async (market: Market) => {
  const answer = await get<MarketSummary>(`/summary?market=${market}`)
  expect(answer.http).toBe(200)
  expect(answer.body.status).toBe(1)
  return answer.body.data
}
/**
 * Every stock of the market, largest first. The route answers 100 at most (Tokyo lists thousands),
 * so the whole list comes from the market service the route reads, after checking that the route
 * answers its first 100 alike.
 */
const stocksOf = async (market: Market) => {
  const all = t.app.market.rank(market, 'cap', Number.MAX_SAFE_INTEGER)
  const routed = (await get<Quote[]>(`/rank?market=${market}&by=cap&limit=100`)).body.data
  expect(routed).toEqual(all.slice(0, 100))
  return all
}

describe('GET /api/market/summary', () => {
  it.each<Market>(['jp', 'us', 'cn'])(
    'counts every %s stock once in the indicators',
    async (market) => {
      const [summary, stocks] = await Promise.all([summaryOf(market), stocksOf(market)])
      const { indicators } = summary
      expect(summary.market).toBe(market)
      expect(summary.simulated).toBe(true)
      expect(indicators.stocks).toBe(stocks.length)
      expect(indicators.advancers).toBe(stocks.filter((q) => q.change > 0).length)
      expect(indicators.decliners).toBe(stocks.filter((q) => q.change < 0).length)
      expect(indicators.advancers + indicators.decliners + indicators.unchanged).toBe(stocks.length)
      expect(indicators.volume).toBe(stocks.reduce((s, q) => s + q.volume, 0))
      expect(indicators.turnover).toBeCloseTo(
        stocks.reduce((s, q) => s + q.turnover, 0),
        -1,
      )
      expect(indicators.limitUp).toBe(
        stocks.filter((q) => q.limitUp !== null && q.price >= q.limitUp).length,
      )
      expect(indicators.indices.length).toBeGreaterThan(0)
      expect(indicators.indices.every((q) => q.market === market && q.kind === 'index')).toBe(true)
    },
  )

  it('has no limit counts in the US, which has no daily limits', async () => {
    const { indicators } = await summaryOf('us')
    expect(indicators.limitUp).toBe(0)
    expect(indicators.limitDown).toBe(0)
  })

  it('averages each sector over its stocks and names its leader and laggard', async () => {
    const [summary, stocks] = await Promise.all([summaryOf('jp'), stocksOf('jp')])
    const byCode = new Map(stocks.map((q) => [q.code, q]))
    expect(summary.sectors.reduce((s, x) => s + x.stocks, 0)).toBe(stocks.length)
    for (const sector of summary.sectors) {
      expect(sector.leader.changePct).toBeGreaterThanOrEqual(sector.laggard.changePct)
      expect(sector.changePct).toBeLessThanOrEqual(sector.leader.changePct + 0.01)
      expect(sector.changePct).toBeGreaterThanOrEqual(sector.laggard.changePct - 0.01)
      expect(byCode.get(sector.leader.code)?.changePct).toBe(sector.leader.changePct)
    }
    const changes = summary.sectors.map((s) => s.changePct)
    expect(changes).toEqual([...changes].sort((a, b) => b - a))
  })

  it('labels short selling and investor trends as simulated, and keeps them stable', async () => {
    const first = await summaryOf('jp')
    const again = await summaryOf('jp')
    expect(first.shortSelling.simulated).toBe(true)
    expect(first.investorTrends.simulated).toBe(true)
    expect(again.shortSelling).toEqual(first.shortSelling)
    expect(again.investorTrends).toEqual(first.investorTrends)
    expect(first.shortSelling.sectors.map((s) => s.sector).sort()).toEqual(
      first.sectors.map((s) => s.sector).sort(),
    )
    for (const { ratio } of [first.shortSelling, ...first.shortSelling.sectors]) {
      expect(ratio).toBeGreaterThan(0)
      expect(ratio).toBeLessThan(100)
    }
    const weeks = first.investorTrends.weeks
    expect(weeks).toHaveLength(8)
    expect(weeks.map((w) => w.week)).toEqual([...weeks.map((w) => w.week)].sort((a, b) => a - b))
    // Foreigners and individuals take opposite sides in most weeks (the simulation's premise).
    expect(
      weeks.filter((w) => Math.sign(w.foreigners) !== Math.sign(w.individuals)).length,
    ).toBeGreaterThan(4)
  })

  it('lists stocks at or near their 52-week high or low, closest first', async () => {
    for (const market of ['jp', 'us', 'cn'] as const) {
      const { yearHighs, yearLows } = await summaryOf(market)
      for (const r of yearHighs) {
        expect(r.high52w).toBeGreaterThanOrEqual(r.price)
        expect(r.price).toBeGreaterThanOrEqual(r.high52w * 0.97 - 1e-9)
      }
      for (const r of yearLows) {
        expect(r.low52w).toBeLessThanOrEqual(r.price)
        expect(r.price).toBeLessThanOrEqual(r.low52w * 1.03 + 1e-9)
      }
      const gaps = yearHighs.map((r) => (r.high52w - r.price) / r.high52w)
      expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
    }
  })

  it('ranks companies by cap and turnover (largest first) and by PE (cheapest first)', async () => {
    const [{ companies }, stocks] = await Promise.all([summaryOf('cn'), stocksOf('cn')])
    expect(companies.cap[0]?.code).toBe(stocks[0]?.code)
    const caps = companies.cap.map((r) => r.marketCap)
    expect(caps).toEqual([...caps].sort((a, b) => b - a))
    const turnovers = companies.turnover.map((r) => r.turnover)
    expect(turnovers).toEqual([...turnovers].sort((a, b) => b - a))
    const pes = companies.pe.map((r) => r.pe)
    expect(pes.length).toBeGreaterThan(0)
    expect(pes.every((pe) => pe !== null && pe > 0)).toBe(true)
    expect(pes).toEqual([...pes].sort((a, b) => a! - b!))
  })

  it('counts a new share the moment it lists, not when the kept summary runs out', async () => {
    const before = (await summaryOf('us')).indicators.stocks
    t.app.market.addDebut({
      code: 'NEWCO',
      market: 'us',
      name: { ja: 'ニューコ', zh: '新公司', en: 'NewCo' },
      offerPrice: 20,
      lot: 1,
      lotsOffered: 1_000_000,
      listingAt: Date.now() - 60_000,
    })
    expect((await summaryOf('us')).indicators.stocks).toBe(before + 1)
  })

  it.each([
    ['no market', ''],
    ['an unknown market', '?market=hk'],
    ['a repeated market', '?market=jp&market=us'],
  ])('refuses %s with invalid_input', async (_name, query) => {
    const answer = await get(`/summary${query}`)
    expect(answer.http).toBe(400)
    expect(answer.body).toEqual({ status: 0, msg: 'invalid_input' })
  })
})
