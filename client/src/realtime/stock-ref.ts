import type { LocalName, Market, Quote } from '@kabu/shared/market/types'
import { readStored, writeStored } from '../api/storage'

/** The spec's localStorage key (§3) of the stock last chosen. */
export const STOCK_KEY = 'stock'

/** What is remembered of a stock: enough to show it and to open it again. */
export interface StockRef {
  code: string
  market: Market
  kind: Quote['kind']
  name: LocalName
}

const MARKETS = new Set<string>(['jp', 'us', 'cn'])

// Storage is shared with older clients and can be edited by hand: keep only well-formed entries.
export function isStockRef(value: unknown): value is StockRef {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  const name = v.name as Record<string, unknown> | null | undefined
  return (
    typeof v.code === 'string' &&
    typeof v.market === 'string' &&
    MARKETS.has(v.market) &&
    (v.kind === 'stock' || v.kind === 'index') &&
    typeof name === 'object' &&
    name !== null &&
    ['ja', 'zh', 'en'].every((k) => typeof name[k] === 'string')
  )
}

/** Only the remembered fields (a quote or search hit carries more). */
export const toStockRef = ({ code, market, kind, name }: StockRef): StockRef => ({
  code,
  market,
  kind,
  name,
})

export function parseStoredJson(text: string | null): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The stock last chosen, if one was stored and is well-formed. */
export function readCurrentStock(): StockRef | undefined {
  const stored = parseStoredJson(readStored(STOCK_KEY))
  return isStockRef(stored) ? toStockRef(stored) : undefined
}

export function writeCurrentStock(stock: StockRef): void {
  writeStored(STOCK_KEY, JSON.stringify(toStockRef(stock)))
}
