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
  /**
   * Only code and name are the exchange's: sector, shares, base price and volatility are simulated
   * (the whole Tokyo market beyond the hand-made catalogue, gateway/src/market/universe/).
   */
  simulatedFacts?: boolean
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
  /**
   * Increases with every print of this code and every move of its special quote; a gap tells a
   * client it missed something.
   */
  seq: number
  /** Whether the exchange is in a trading session now. */
  trading: boolean
  /**
   * TSE special quote (特別気配, MARKET-RULES.md §1): the next trade would print beyond the last price
   * ± the renewal interval, so nothing prints and the exchange shows a quote on one side instead —
   * `bid` when buyers push the price up, `ask` when sellers push it down — moved by one interval
   * every 3 minutes until orders meet. Market orders are refused meanwhile; limit orders rest. Null
   * or absent when the code trades normally (and from sources that do not model it).
   */
  special?: SpecialQuote | null
  /**
   * Where this quote comes from: `simulator`, or the real source feeding the code (`poll`,
   * `replay`, `kabustation`, `alpaca`). Absent from a gateway that predates it: the simulator.
   */
  source?: QuoteSourceKind
  /**
   * True when a streaming feed serves this code from its REST snapshot, refreshed in turn with the
   * others past the feed's symbol limit rather than pushed: it may be seconds old.
   */
  delayed?: boolean
}

/** The producers of quotes (API.md QUOTE_SOURCE). */
export type QuoteSourceKind = 'simulator' | 'poll' | 'replay' | 'kabustation' | 'alpaca'

/** A special quote in force: which side shows it and at what price. */
export interface SpecialQuote {
  side: 'bid' | 'ask'
  price: number
}

export type BarInterval = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M' | '1y'
export const BAR_INTERVALS: readonly BarInterval[] = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1d',
  '1w',
  '1M',
  '1y',
]

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
  /** `simulator` (the source of every code no real source feeds): the UI labels simulated data as such. */
  source: string
  simulated: boolean
  /** Milliseconds since the source last produced a print. */
  lag: number
  /**
   * The simulator's session hours (MARKET_HOURS): `always`, the demo's markets open around the
   * clock, every day, which the app says instead of an ordinary "trading"; `real`, the exchanges'
   * own hours. Absent from a gateway that predates it: read as `real`.
   */
  hours?: 'real' | 'always'
  /** Codes that are stale while `state` is not: the real source feeding them stopped. */
  staleCodes?: string[]
  /**
   * Why the simulator holds its prices although it runs: `clock_behind`, the clock was moved back
   * (time travel) and prices stay as they were until it reaches `resumesAt` (epoch ms) again.
   */
  held?: { reason: 'clock_behind'; resumesAt: number }
  /** Real sources (QUOTE_SOURCE poll or replay) and the codes they feed instead of the simulator. */
  realSources?: RealFeedStatus[]
}

/** A real source's own state; the UI labels its codes' quotes with `label`. */
export interface RealFeedStatus {
  source: Exclude<QuoteSourceKind, 'simulator'>
  /** The endpoint's host, or the replayed series' name. */
  label: string
  /** The codes it feeds now (a streaming feed's change with what phones, orders and holdings want). */
  codes: string[]
  state: FeedState
  lag: number
  /** Of `codes`, those a streaming feed serves from its REST snapshot past its symbol limit. */
  delayed?: string[]
  /**
   * Codes a streaming feed would carry but that are past its symbol limit with no snapshot to
   * serve them from: the simulator feeds them, and they are stale for market orders.
   */
  simulated?: string[]
}

/** Price adjustment of bars (MARKET-RULES.md §5): none, forward (前复权), backward (后复权). */
export type PriceAdjust = 'none' | 'forward' | 'backward'

/**
 * A corporate action in an instrument's (simulated) history. `factor` is MARKET-RULES.md §5's
 * f = Pref / Pclose₋₁: 1/N for an N:1 split, 1 − D/Pclose₋₁ for a cash dividend D.
 */
export interface CorporateAction {
  code: string
  /** Ex-date: the market's local trading day (YYYY-MM-DD). */
  date: string
  kind: 'split' | 'dividend'
  /** split: new shares per old share (2 for a 2:1 split). */
  ratio?: number
  /** dividend: cash per share in the market's currency. */
  cash?: number
  factor: number
}
