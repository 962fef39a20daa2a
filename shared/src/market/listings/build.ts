import type { Listing, Market } from '../types'
import type { Sector } from './sectors'

/**
 * One catalogue line: code, ja, zh, en, sector, shares outstanding in millions, base price,
 * annual volatility. A row per line keeps a market's list readable at a glance.
 */
export type StockRow = readonly [
  code: string,
  ja: string,
  zh: string,
  en: string,
  sector: Sector,
  sharesMillions: number,
  basePrice: number,
  volatility: number,
]

/** Trading unit per market: 100 shares in Japan (since 2018-10) and China, 1 in the US. */
export const LOT: Record<Market, number> = { jp: 100, us: 1, cn: 100 }

/** A catalogue row as a Listing of its market (lot from the market; flags added by the caller). */
export function stockFromRow(market: Market, row: StockRow): Listing {
  const [code, ja, zh, en, sector, sharesMillions, basePrice, volatility] = row
  return {
    code,
    market,
    kind: 'stock',
    name: { ja, zh, en },
    sector,
    sharesOutstanding: Math.round(sharesMillions * 1_000_000),
    lot: LOT[market],
    basePrice,
    volatility,
  }
}
