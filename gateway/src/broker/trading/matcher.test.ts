import { describe, expect, it } from 'vitest'
import { fillPrice } from './matcher'
import type { Print } from './prints'
import type { OrderRow } from './orders.sql'

const T = 1_700_000_000_000

/** A working limit order as the matcher reads it: its side, limit and when it was placed. */
function resting(
  side: 'buy' | 'sell',
  limit: bigint,
  placedAt: number,
): Pick<OrderRow, 'side' | 'price' | 'updated_at'> {
  return { side, price: limit, updated_at: BigInt(placedAt) }
}

const prints = (...list: [price: bigint, at: number][]): Print[] =>
  list.map(([price, at]) => ({ price, at }))

describe('fillPrice', () => {
  it('fills a buy at the first print at or under its limit, not at the lowest', () => {
    const buy = resting('buy', 100n, T)
    expect(fillPrice(buy, prints([101n, T], [99n, T + 1], [95n, T + 2]))).toBe(99n)
    expect(fillPrice(buy, prints([101n, T], [102n, T + 1]))).toBeUndefined()
  })

  it('fills a sell at the first print at or over its limit', () => {
    const sell = resting('sell', 200n, T)
    expect(fillPrice(sell, prints([199n, T], [200n, T + 1], [210n, T + 2]))).toBe(200n)
    expect(fillPrice(sell, prints([199n, T]))).toBeUndefined()
  })

  it('fills no order without a limit (a market order never rests)', () => {
    expect(fillPrice({ side: 'buy', price: null, updated_at: BigInt(T) }, prints([1n, T]))).toBe(
      undefined,
    )
  })

  it('never fills an order at a print from before it was placed (or its limit amended)', () => {
    // The price dipped under the limit, came back, and only then was the buy placed.
    expect(fillPrice(resting('buy', 100n, T), prints([99n, T - 1], [101n, T]))).toBeUndefined()
    expect(fillPrice(resting('sell', 200n, T), prints([201n, T - 1], [199n, T]))).toBeUndefined()
    // A print in the same millisecond as the order counts.
    expect(fillPrice(resting('buy', 100n, T), prints([100n, T]))).toBe(100n)
  })
})
