import { readStored, removeStored, writeStored } from '../../api/storage'
import {
  isStockRef,
  parseStoredJson,
  toStockRef,
  writeCurrentStock,
  type StockRef,
} from '../../realtime/stock-ref'

/** The spec's localStorage key (§3) of the recent searches. */
export const SEARCH_LIST_KEY = 'searchList'
const MAX_RECENT = 12

/** Recent searches, most recent first. */
export function readRecent(): StockRef[] {
  const stored = parseStoredJson(readStored(SEARCH_LIST_KEY))
  return Array.isArray(stored) ? stored.filter(isStockRef).map(toStockRef) : []
}

/** Puts a chosen result at the top of the recent list and stores it as the current stock. */
export function rememberChoice(stock: StockRef): StockRef[] {
  const ref = toStockRef(stock)
  const recent = [ref, ...readRecent().filter((r) => r.code !== ref.code)].slice(0, MAX_RECENT)
  writeStored(SEARCH_LIST_KEY, JSON.stringify(recent))
  writeCurrentStock(ref)
  return recent
}

export function clearRecent(): void {
  removeStored(SEARCH_LIST_KEY)
}
