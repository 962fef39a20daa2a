import type { LocalName, Market, Quote } from './types'

/**
 * `GET /api/market/summary?market=` (API.md): one market's summary pages in one answer, computed
 * from the quote source's data. Parts marked `simulated: true` are made up by the gateway (no
 * exchange publishes them to us) and every screen showing them says so.
 */
export interface MarketSummary {
  market: Market
  /** Epoch ms the figures were computed at. */
  time: number
  /** True when the quotes themselves come from the simulator. */
  simulated: boolean
  indicators: MarketIndicators
  sectors: SectorStatus[]
  shortSelling: ShortSelling
  investorTrends: InvestorTrends
  yearHighs: YearRangeRow[]
  yearLows: YearRangeRow[]
  companies: { cap: CompanyRow[]; turnover: CompanyRow[]; pe: CompanyRow[] }
}

export interface MarketIndicators {
  stocks: number
  advancers: number
  decliners: number
  unchanged: number
  /** Stocks at their daily limit (Japan, China; 0 in the US, which has none). */
  limitUp: number
  limitDown: number
  /** Shares and value traded today over every stock of the market. */
  volume: number
  turnover: number
  indices: Quote[]
}

/** A stock as a summary row names it. */
export interface SummaryStock {
  code: string
  name: LocalName
  price: number
  changePct: number
}

export interface SectorStatus {
  /** The listing's sector key (Listing.sector), translated in the client. */
  sector: string
  stocks: number
  /** Mean of the sector's stocks' change, percent. */
  changePct: number
  turnover: number
  advancers: number
  decliners: number
  /** The sector's best and worst stock today. */
  leader: SummaryStock
  laggard: SummaryStock
}

export interface ShortSelling {
  simulated: true
  /** Short sales as a percent of the value sold, over the market and per sector. */
  ratio: number
  sectors: Array<{ sector: string; ratio: number }>
}

export interface InvestorTrends {
  simulated: true
  /** Net buying (buys − sells) per week in the market's currency, oldest week first. */
  weeks: Array<{
    /** Epoch seconds of the week's first trading day. */
    week: number
    foreigners: number
    individuals: number
    institutions: number
  }>
}

export interface YearRangeRow extends SummaryStock {
  high52w: number
  low52w: number
}

export interface CompanyRow extends SummaryStock {
  marketCap: number
  turnover: number
  /** Price over simulated earnings; null for a loss. */
  pe: number | null
}
