/** The three markets. `jpy | usd | cny` is the wire's market selector (`type`); inside we say market. */
export type Market = 'jp' | 'us' | 'cn'
export type MarketType = 'jpy' | 'usd' | 'cny'

export const MARKET_OF_TYPE: Record<MarketType, Market> = { jpy: 'jp', usd: 'us', cny: 'cn' }
export const TYPE_OF_MARKET: Record<Market, MarketType> = { jp: 'jpy', us: 'usd', cn: 'cny' }
export const CURRENCY_OF_MARKET: Record<Market, 'JPY' | 'USD' | 'CNY'> = {
  jp: 'JPY',
  us: 'USD',
  cn: 'CNY',
}

/** A name in the three interface languages. */
export interface LocalName {
  ja: string
  zh: string
  en: string
}

/** A listed instrument or an index, as the catalogue knows it (static facts, no prices). */
export interface Listing {
  /** Exchange-native code: `7203`, `AAPL`, `600519`; indices `N225`, `TOPIX`, `SPX`, `IXIC`, `000001.SH`. */
  code: string
  market: Market
  kind: 'stock' | 'index'
  name: LocalName
  /** GICS-like sector key, translated in the client (`auto`, `tech`, ...). Indices: `index`. */
  sector: string
  /** Shares outstanding (0 for an index). */
  sharesOutstanding: number
  /** Trading unit in shares (100 in Japan and China A-shares, 1 in the US, 0 for an index). */
  lot: number
  /** Price the simulator's history is anchored near (a recent real level). */
  basePrice: number
  /** Annualised volatility the simulator starts from. */
  volatility: number
  /** TSE: uses the fine TOPIX500 tick table. */
  topix500?: boolean
  /** China: ST/*ST risk-warning stock (narrower limit). */
  riskWarning?: boolean
  /** China: board, which decides the price limit. */
  board?: 'main' | 'star' | 'chinext'
}

/**
 * The live state of one instrument: what a snapshot returns and what every tick carries. Prices are
 * JSON numbers already on the market's tick grid (display data; money is computed on the server from
 * integer units).
 */
export interface Quote {
  code: string
  market: Market
  kind: 'stock' | 'index'
  name: LocalName
  price: number
  prevClose: number
  open: number
  high: number
  low: number
  /** Shares traded today (index: 0). */
  volume: number
  /** Value traded today in the market's currency. */
  turnover: number
  change: number
  /** Percent, e.g. 1.25 for +1.25 %. */
  changePct: number
  /** price × shares outstanding (index: 0). */
  marketCap: number
  /** Daily price limits where the market has them (Japan, China); null in the US. */
  limitUp: number | null
  limitDown: number | null
  /** Epoch milliseconds of the last print. */
  time: number
  /** Increases by one with every print of this code; a gap tells a client it missed something. */
  seq: number
  /** Whether the exchange is in a trading session now. */
  trading: boolean
}

export type BarInterval = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M'
export const BAR_INTERVALS: readonly BarInterval[] = ['1m', '5m', '15m', '30m', '1d', '1w', '1M']

/** One OHLCV bar. `time` is epoch seconds of the bar's start (daily and longer: 00:00 UTC of the local date). */
export interface Bar {
  time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  turnover: number
}

export type FeedState = 'live' | 'stale' | 'closed'
export interface FeedStatus {
  state: FeedState
  /** `simulator`, `poll`, `replay`: the UI labels simulated data as such. */
  source: string
  simulated: boolean
  /** Milliseconds since the source last produced a print. */
  lag: number
}
