import type { KabuBoard } from './kabu-board-schema'

/*
 * The board's schema (kabu-board-schema.ts `kabuBoardSchema`) checked by hand, for the PUSH hot path: one
 * message per print of every registered code, where zod's walk of the twenty levels (a copy of each)
 * cost more than the JSON parse itself. It accepts only what the schema accepts; anything else goes
 * to the schema, which refuses it and says why (or accepts a shape this check does not know).
 * kabu-board-check.test.ts holds the two to the same answers.
 */

const LEVEL_NAMES = Array.from({ length: 10 }, (_, i) => [`Sell${i + 1}`, `Buy${i + 1}`]).flat()
const NUMBERS = [
  'CurrentPrice',
  'PreviousClose',
  'OpeningPrice',
  'HighPrice',
  'LowPrice',
  'TradingVolume',
  'TradingValue',
  'VWAP',
  'BidPrice',
  'BidQty',
  'AskPrice',
  'AskQty',
  'Exchange',
]
const STRINGS = ['SymbolName', 'CurrentPriceTime', 'CurrentPriceChangeStatus']

type Fields = Record<string, unknown>

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const numberOrNone = (value: unknown) =>
  value == null || (typeof value === 'number' && Number.isFinite(value))
const stringOrNone = (value: unknown) => value == null || typeof value === 'string'

function isLevel(value: unknown): boolean {
  if (value == null) return true
  return (
    isRecord(value) &&
    numberOrNone(value.Price) &&
    numberOrNone(value.Qty) &&
    stringOrNone(value.Time) &&
    stringOrNone(value.Sign)
  )
}

/**
 * Whether parsed JSON is a board as the schema reads it. The object is then used as it is: the
 * schema's copy differs only in what it strips from levels, which nothing reads.
 */
export function isKabuBoard(json: unknown): json is KabuBoard {
  if (!isRecord(json)) return false
  if (typeof json.Symbol !== 'string' || json.Symbol.length === 0) return false
  for (const name of NUMBERS) if (!numberOrNone(json[name])) return false
  for (const name of STRINGS) if (!stringOrNone(json[name])) return false
  for (const name of LEVEL_NAMES) if (!isLevel(json[name])) return false
  return true
}
