import { describe, expect, it } from 'vitest'
import { HOLDING } from '@kabu/shared/api/trade'
import { fillPrice, type Print } from './matcher'
import type { HoldingRow } from './trading.sql'

const T = 1_700_000_000_000

/** A resting order as the matcher reads it: a pending buy (limit) or a closing sell (sell price). */
function resting(side: 'buy' | 'sell', limit: bigint, placedAt: number): HoldingRow {
  return {
    id: 1n,
    user_id: 1n,
    order_no: 'TR20260302-0000000000',
    code: '7203',
    market: 'jp',
    currency: 'JPY',
    status: BigInt(side === 'buy' ? HOLDING.pending : HOLDING.closing),
    stock_num: 100n,
    limit_price: side === 'buy' ? limit : null,
    buy_price: limit,
    buy_fee: 0n,
    frozen: 0n,
    buy_time: null,
    sell_price: side === 'sell' ? limit : null,
    sell_fee: null,
    stamp_duty: null,
    realised: null,
    sell_time: null,
    created_at: BigInt(side === 'buy' ? placedAt : T - 60_000),
    sell_ordered_at: side === 'sell' ? BigInt(placedAt) : null,
    leverage: 1n,
    margin: 0n,
    trust_funds: 0n,
    credit_debt: 0n,
    credit_interest: 0n,
    call_deadline: null,
    interest_through: null,
  }
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

  it('never fills an order at a print from before it was placed', () => {
    // The price dipped under the limit, came back, and only then was the buy placed.
    expect(fillPrice(resting('buy', 100n, T), prints([99n, T - 1], [101n, T]))).toBeUndefined()
    expect(fillPrice(resting('sell', 200n, T), prints([201n, T - 1], [199n, T]))).toBeUndefined()
    // A print in the same millisecond as the order counts.
    expect(fillPrice(resting('buy', 100n, T), prints([100n, T]))).toBe(100n)
  })
})
