import { describe, expect, it } from 'vitest'
import { boardUpdate, kabuBoardSchema, parseBoard } from './kabu-board'
import { isKabuBoard } from './kabu-board-check'

// A whole PUSH board, as the local kabu STATION sends it (twenty levels, the fields we read).
const level = (price: number) => ({
  Time: '2026-12-04T09:00:01+09:00',
  Sign: '0101',
  Price: price,
  Qty: 300,
})
const board: Record<string, unknown> = {
  Symbol: '7203',
  SymbolName: 'トヨタ自動車',
  Exchange: 1,
  ExchangeName: '東証プ',
  CurrentPrice: 2500,
  CurrentPriceTime: '2026-12-04T09:00:01+09:00',
  CurrentPriceChangeStatus: '0057',
  PreviousClose: 2490,
  OpeningPrice: 2491,
  HighPrice: 2510,
  LowPrice: 2480,
  TradingVolume: 1_000_000,
  TradingValue: 2_500_000_000,
  VWAP: 2499.5,
  BidPrice: 2500.5,
  BidQty: 300,
  AskPrice: 2499.5,
  AskQty: 300,
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      [`Sell${i + 1}`, level(2500.5 + i / 2)],
      [`Buy${i + 1}`, level(2499.5 - i / 2)],
    ]).flat(),
  ),
}

// Each documented field given each kind of value JSON can carry.
const values: unknown[] = [null, 0, -1.5, '', '7203', true, [], {}, { Price: 'x' }, { Qty: true }]
const fields = [...Object.keys(board), 'Sell1.Price', 'Buy10.Qty', 'Sell5.Time', 'Buy3.Sign']

function changed(field: string, value: unknown): unknown {
  const copy = structuredClone(board)
  const [name, inner] = field.split('.') as [string, string | undefined]
  if (inner) (copy[name] as Record<string, unknown>)[inner] = value
  else copy[name] = value
  return copy
}

describe("the board's hand check (the PUSH hot path)", () => {
  it('passes a whole board, which the schema passes too, read the same either way', () => {
    expect(isKabuBoard(board)).toBe(true)
    const text = JSON.stringify(board)
    const bySchema = boardUpdate(kabuBoardSchema.parse(JSON.parse(text)), text)
    expect(parseBoard(text)).toEqual(bySchema)
    expect(bySchema.book?.asks).toHaveLength(10)
  })

  it('never passes what the schema refuses, for any field given any kind of value', () => {
    let refused = 0
    for (const field of fields) {
      for (const value of values) {
        const json = changed(field, value)
        const schema = kabuBoardSchema.safeParse(json).success
        // Agreeing both ways: a refusal the schema would not make sends a good board the slow way.
        expect({ field, value, check: isKabuBoard(json) }).toEqual({ field, value, check: schema })
        if (!schema) refused++
      }
    }
    expect(refused).toBeGreaterThan(100)
  })

  it('refuses a malformed board and says why, as before', () => {
    expect(parseBoard(JSON.stringify(changed('CurrentPrice', 'high')))).toBe('CurrentPrice')
    expect(parseBoard(JSON.stringify(changed('Sell3.Price', '2501')))).toBe('Sell3.Price')
    expect(parseBoard(JSON.stringify(changed('Symbol', '')))).toBe('Symbol')
    // Refused (a reason, not an update), though the schema names no field for a whole that is wrong.
    expect(typeof parseBoard('[1,2]')).toBe('string')
    expect(typeof parseBoard('null')).toBe('string')
  })
})
