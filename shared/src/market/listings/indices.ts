import type { Listing, Market } from '../types'

type IndexRow = readonly [
  code: string,
  market: Market,
  ja: string,
  zh: string,
  en: string,
  basePrice: number,
  volatility: number,
]

/**
 * The main indices of each market. Codes carry the exchange suffix where the number alone is a
 * stock's code too: the SSE Composite is `000001.SH`, Ping An Bank is `000001`.
 */
// A table reads best one row per line, even past the usual width.
// prettier-ignore
const ROWS: readonly IndexRow[] = [
  ['N225', 'jp', '日経平均株価', '日经225指数', 'Nikkei 225', 49_000, 0.22],
  ['TOPIX', 'jp', 'TOPIX(東証株価指数)', '东证股价指数', 'TOPIX', 3_300, 0.18],
  ['SPX', 'us', 'S&P500種指数', '标普500指数', 'S&P 500', 6_700, 0.17],
  ['IXIC', 'us', 'ナスダック総合指数', '纳斯达克综合指数', 'Nasdaq Composite', 22_800, 0.22],
  ['DJI', 'us', 'NYダウ(ダウ工業株30種平均)', '道琼斯工业平均指数', 'Dow Jones Industrial Average', 46_500, 0.15],
  ['000001.SH', 'cn', '上海総合指数', '上证指数', 'SSE Composite', 3_950, 0.18],
  ['399001.SZ', 'cn', '深セン成分指数', '深证成指', 'SZSE Component', 13_000, 0.24],
  ['399006.SZ', 'cn', '創業板指数', '创业板指', 'ChiNext Index', 3_050, 0.3],
]

/** Indices have no lot, no shares and print to 0.01. */
export const INDICES: readonly Listing[] = ROWS.map(
  ([code, market, ja, zh, en, basePrice, volatility]) => ({
    code,
    market,
    kind: 'index',
    name: { ja, zh, en },
    sector: 'index',
    sharesOutstanding: 0,
    lot: 0,
    basePrice,
    volatility,
  }),
)
