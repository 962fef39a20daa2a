import { fundamentalsOf } from '@kabu/shared/market/listings/fundamentals'
import type {
  CompanyRow,
  InvestorTrends,
  MarketIndicators,
  MarketSummary,
  SectorStatus,
  ShortSelling,
  SummaryStock,
  YearRangeRow,
} from '@kabu/shared/market/summary'
import type { Market, Quote } from '@kabu/shared/market/types'
import type { MarketService } from './service'
import { randomStream } from './rng'

/** What the summary reads of the market service. */
export type SummarySource = Pick<
  MarketService,
  'rank' | 'indices' | 'bars' | 'status' | 'listing' | 'pastYearRange'
>

/** The index whose weekly moves the simulated investor flows follow. */
const MAIN_INDEX: Record<Market, string> = { jp: 'N225', us: 'SPX', cn: '000001.SH' }
/**
 * Typical short-sale share of the value sold: about 40 % on the TSE, near half of US consolidated
 * volume, a few percent in China where securities lending is small. The simulation varies around it.
 */
const SHORT_BASE: Record<Market, number> = { jp: 40, us: 47, cn: 6 }
/** Net flow of one investor group per 1 % of weekly index move, in the market's currency. */
const FLOW_PER_PCT: Record<Market, number> = { jp: 150e9, us: 4e9, cn: 12e9 }
const TREND_WEEKS = 8
/** "Near" a 52-week high or low: within this fraction of it. */
const NEAR_RANGE = 0.03
const ROWS = 20

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places
const stockOf = (q: Quote): SummaryStock => ({
  code: q.code,
  name: q.name,
  price: q.price,
  changePct: q.changePct,
})

function indicatorsOf(stocks: Quote[], indices: Quote[]): MarketIndicators {
  const count = (test: (q: Quote) => boolean) => stocks.filter(test).length
  return {
    stocks: stocks.length,
    advancers: count((q) => q.change > 0),
    decliners: count((q) => q.change < 0),
    unchanged: count((q) => q.change === 0),
    limitUp: count((q) => q.limitUp !== null && q.price >= q.limitUp),
    limitDown: count((q) => q.limitDown !== null && q.price <= q.limitDown),
    volume: stocks.reduce((sum, q) => sum + q.volume, 0),
    turnover: round(
      stocks.reduce((sum, q) => sum + q.turnover, 0),
      0,
    ),
    indices,
  }
}

// A new share listed since the catalogue was built (market/debut.ts) has its sector too.
function sectorsOf(source: SummarySource, stocks: Quote[]): SectorStatus[] {
  const bySector = new Map<string, Quote[]>()
  for (const q of stocks) {
    const sector = source.listing(q.code)?.sector
    if (!sector) continue
    const quotes = bySector.get(sector)
    if (quotes) quotes.push(q)
    else bySector.set(sector, [q])
  }
  return [...bySector.entries()]
    .map(([sector, quotes]) => {
      const byChange = [...quotes].sort((a, b) => b.changePct - a.changePct)
      return {
        sector,
        stocks: quotes.length,
        changePct: round(quotes.reduce((s, q) => s + q.changePct, 0) / quotes.length, 2),
        turnover: round(
          quotes.reduce((s, q) => s + q.turnover, 0),
          0,
        ),
        advancers: quotes.filter((q) => q.change > 0).length,
        decliners: quotes.filter((q) => q.change < 0).length,
        leader: stockOf(byChange[0]!),
        laggard: stockOf(byChange[byChange.length - 1]!),
      }
    })
    .sort((a, b) => b.changePct - a.changePct || a.sector.localeCompare(b.sector))
}

/**
 * SIMULATED: each sector's short-sale ratio varies around the market's typical level by a seeded
 * draw per day, and rises when the sector falls (short sellers press a falling sector).
 */
function shortSellingOf(sectors: SectorStatus[], market: Market, seed: number, day: string) {
  const rows = sectors.map((s) => {
    const noise = randomStream(seed, 'short', market, s.sector, day).normal()
    const ratio = SHORT_BASE[market] * (1 + 0.12 * noise) - 1.5 * s.changePct
    return { sector: s.sector, ratio: round(Math.min(95, Math.max(0.5, ratio)), 1), s }
  })
  const turnover = rows.reduce((sum, r) => sum + r.s.turnover, 0)
  const weighted = rows.reduce((sum, r) => sum + r.ratio * r.s.turnover, 0)
  const plain = rows.reduce((sum, r) => sum + r.ratio, 0) / Math.max(1, rows.length)
  return {
    simulated: true,
    ratio: round(turnover > 0 ? weighted / turnover : plain, 1),
    sectors: rows.map(({ sector, ratio }) => ({ sector, ratio })),
  } satisfies ShortSelling
}

/**
 * SIMULATED: weekly net buying that follows the main index's weekly move as such tables usually do:
 * foreigners with the trend, individuals against it, institutions in between; a seeded draw per
 * week keeps them from being mere multiples of the move.
 */
function investorTrendsOf(source: SummarySource, market: Market, seed: number): InvestorTrends {
  const weeks = source.bars(MAIN_INDEX[market], '1w').slice(-TREND_WEEKS)
  const scale = FLOW_PER_PCT[market]
  return {
    simulated: true,
    weeks: weeks.map((bar) => {
      const move = bar.open > 0 ? ((bar.close - bar.open) / bar.open) * 100 : 0
      const draw = randomStream(seed, 'flows', market, bar.time)
      const foreigners = scale * (0.9 * move + 0.6 * draw.normal())
      const institutions = scale * (0.2 * move + 0.4 * draw.normal())
      const individuals = -(foreigners + institutions) + scale * 0.2 * draw.normal()
      // Flows are published in millions; finer digits would be false precision.
      const millions = (value: number) => Math.round(value / 1e6) * 1e6
      return {
        week: bar.time,
        foreigners: millions(foreigners),
        individuals: millions(individuals),
        institutions: millions(institutions),
      }
    }),
  }
}

/**
 * Stocks at or within NEAR_RANGE of their 52-week high (or low), closest first. A long-tail code
 * whose past year is not priced yet (the background prices them, busiest first, after start) is
 * left out rather than priced here: a request must not pay for a year of thousands of codes.
 */
function yearRangeOf(source: SummarySource, stocks: Quote[]) {
  const rows: YearRangeRow[] = []
  for (const q of stocks) {
    const past = source.pastYearRange(q.code, true)
    if (!past) continue
    rows.push({
      ...stockOf(q),
      high52w: Math.max(q.high, past.high),
      low52w: Math.min(q.low, past.low),
    })
  }
  const fromHigh = (r: YearRangeRow) => (r.high52w - r.price) / r.high52w
  const fromLow = (r: YearRangeRow) => (r.price - r.low52w) / r.low52w
  return {
    yearHighs: rows
      .filter((r) => fromHigh(r) <= NEAR_RANGE)
      .sort((a, b) => fromHigh(a) - fromHigh(b))
      .slice(0, ROWS),
    yearLows: rows
      .filter((r) => fromLow(r) <= NEAR_RANGE)
      .sort((a, b) => fromLow(a) - fromLow(b))
      .slice(0, ROWS),
  }
}

function companyRow(source: SummarySource, q: Quote): CompanyRow {
  const listing = source.listing(q.code)
  const eps = (listing && fundamentalsOf(listing)?.eps) ?? null
  return {
    ...stockOf(q),
    marketCap: q.marketCap,
    turnover: q.turnover,
    pe: eps !== null && eps > 0 ? round(q.price / eps, 2) : null,
  }
}

function companiesOf(source: SummarySource, stocks: Quote[]): MarketSummary['companies'] {
  const rows = stocks.map((q) => companyRow(source, q))
  const by = (key: (r: CompanyRow) => number) =>
    [...rows].sort((a, b) => key(b) - key(a) || a.code.localeCompare(b.code)).slice(0, ROWS)
  return {
    cap: by((r) => r.marketCap),
    turnover: by((r) => r.turnover),
    // Cheapest first: the lowest positive PE; loss-makers have none and are left out.
    pe: rows
      .filter((r) => r.pe !== null)
      .sort((a, b) => a.pe! - b.pe! || a.code.localeCompare(b.code))
      .slice(0, ROWS),
  }
}

/**
 * One market's summary pages (API.md `/api/market/summary`) from the source's quotes and bars. The
 * market indicators, sectors, 52-week ranges and company rankings are the source's own figures;
 * short selling and investor trends are simulated and say so.
 */
export function marketSummary(
  source: SummarySource,
  market: Market,
  seed: number,
  now: number,
): MarketSummary {
  const stocks = source.rank(market, 'cap', Number.MAX_SAFE_INTEGER)
  const indices = source.indices().filter((q) => q.market === market)
  const sectors = sectorsOf(source, stocks)
  const day = new Date(now).toISOString().slice(0, 10)
  return {
    market,
    time: now,
    simulated: source.status().simulated,
    indicators: indicatorsOf(stocks, indices),
    sectors,
    shortSelling: shortSellingOf(sectors, market, seed, day),
    investorTrends: investorTrendsOf(source, market, seed),
    ...yearRangeOf(source, stocks),
    companies: companiesOf(source, stocks),
  }
}
