import { describe, expect, it } from 'vitest'
import { parseBoard } from './kabu-board'

// The yaml's own example board (kabucom/kabusapi reference/kabu_STATION_API.yaml, BoardSuccess),
// cut to what the reading needs.
const example = {
  Symbol: '5401',
  CurrentPrice: 2408.0,
  CurrentPriceTime: '2022-04-04T15:00:00+09:00',
  PreviousClose: 1048.0,
  TradingVolume: 4571500.0,
  VWAP: 2394.4262,
  BidQty: 100.0,
  BidPrice: 2408.5,
  Sell1: { Time: '2022-04-04T14:59:59+09:00', Sign: '0101', Price: 2408.5, Qty: 100.0 },
  Sell2: { Price: 2409.0, Qty: 800.0 },
  AskQty: 200.0,
  AskPrice: 2407.5,
  Buy1: { Time: '2022-04-04T14:59:59+09:00', Sign: '0101', Price: 2407.5, Qty: 200.0 },
  Buy2: { Price: 2407.0, Qty: 400.0 },
}

describe("kabu STATION's board", () => {
  it('reads Sell1… as asks and Buy1… as bids, and the print with its time and day volume', () => {
    const update = parseBoard(JSON.stringify(example))
    if (typeof update === 'string') throw new Error(update)
    expect(update.book).toEqual({
      asks: [
        { price: 2408.5, size: 100 },
        { price: 2409, size: 800 },
      ],
      bids: [
        { price: 2407.5, size: 200 },
        { price: 2407, size: 400 },
      ],
      vwap: 2394.4262,
    })
    expect(update.tick).toEqual({
      code: '5401',
      price: 2408,
      time: Date.parse('2022-04-04T06:00:00Z'),
      dayVolume: 4571500,
      prevClose: 1048,
    })
    expect(update.order).toEqual([Date.parse('2022-04-04T06:00:00Z'), 4571500])
  })

  it('takes BidPrice for the best ask and AskPrice for the best bid (its reversed naming)', () => {
    const { Sell1: _s1, Sell2: _s2, Buy1: _b1, Buy2: _b2, ...pairOnly } = example
    const update = parseBoard(JSON.stringify(pairOnly))
    if (typeof update === 'string') throw new Error(update)
    expect(update.book?.asks).toEqual([{ price: 2408.5, size: 100 }])
    expect(update.book?.bids).toEqual([{ price: 2407.5, size: 200 }])
  })

  it('gives no print before the first trade, and says why a message is not a board', () => {
    const update = parseBoard(JSON.stringify({ ...example, CurrentPrice: null }))
    expect(typeof update !== 'string' && update.tick).toBe(undefined)
    expect(parseBoard('{"Symbol":')).toBe('not JSON')
    expect(parseBoard('{"CurrentPrice":1}')).toMatch(/Symbol/)
  })
})
