import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrderInfo } from '@kabu/shared/api/orders'
import type { SessionGrant } from '@kabu/shared/api/user'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printShares } from '../support/prints'
import { cancel, holder, orderInfo, orders, tickUnder } from './orders.support'
import {
  advance,
  books,
  buy,
  endedList,
  feeOf,
  MINUTE,
  openList,
  priceNear,
  restingLimit,
  sell,
  START,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'

/**
 * Partial fills (issue 35 §4): a resting order fills against each print that crosses it, at most
 * the shares that print traded; what filled is a holding at its own average price, and the order's
 * filled_num, avg_price and fills agree with the ledger.
 */

let t: TestApp
let n = 0
const account = () => `pf${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** One print of Toyota at `units` that traded exactly `shares`. */
const print = (units: bigint, shares: number) => printShares(t, TOYOTA, units, BigInt(shares))

const info = async (g: SessionGrant, id: string) =>
  (await orderInfo(t, g, id)).data as WireOrderInfo

/** What a buy keeps frozen for `rest` at `limit` once `filled` (value) has filled: 0.1 % on the whole. */
const need = (limit: bigint, rest: bigint, filled: bigint) =>
  limit * rest + feeOf(filled + limit * rest) - feeOf(filled)

describe('a resting buy larger than the prints', () => {
  it('fills in parts at each print’s price, its holding growing at the average price', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit), num: '300' })).data as {
      id: string
    }
    const first = tickUnder(limit)
    expect(await print(first, 150)).toBe(1) // 150 shares: one lot of 100, the rest is not a lot
    expect(await info(g, id)).toMatchObject({
      status: 'partial',
      filled_num: 100,
      avg_price: formatUnits(first),
      fills: [{ num: 100, price: formatUnits(first), fee: formatUnits(feeOf(first * 100n)) }],
    })
    expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 100 })
    expect((await books(t, g.account, 'JPY')).frozen).toBe(need(limit, 200n, first * 100n))
    // Its shares are not sold while the buy still fills them.
    await advance(t, 16 * MINUTE)
    expect(await sell(t, g, { id })).toMatchObject({ status: 0, msg: 'buy_still_working' })

    expect(await print(limit, 1_000)).toBe(1)
    const paid = first * 100n + limit * 200n
    const order = await info(g, id)
    expect(order).toMatchObject({
      status: 'filled',
      filled_num: 300,
      avg_price: formatUnits(paid / 300n),
    })
    expect(order.fills.map((f) => f.num)).toEqual([100, 200])
    // The fee is the order's on its whole value, however many fills it took.
    const fees = order.fills.reduce(
      (sum, f) => sum + BigInt(Math.round(Number(f.fee) * 10_000)),
      0n,
    )
    expect(fees).toBe(feeOf(paid))
    expect((await openList(t, g))[id]).toMatchObject({
      status: 0,
      stock_num: 300,
      buy_price: formatUnits(paid / 300n),
      buy_fee: formatUnits(feeOf(paid)),
    })
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      frozen: 0n,
      available: START - paid - feeOf(paid),
    })
  })

  it('keeps what filled when the rest is cancelled, and that holding then sells', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit), num: '500' })).data as {
      id: string
    }
    expect(await print(limit, 200)).toBe(1)
    expect((await cancel(t, g, id)).status).toBe(1)
    expect(await info(g, id)).toMatchObject({ status: 'cancelled', filled_num: 200 })
    const paid = limit * 200n
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      frozen: 0n,
      available: START - paid - feeOf(paid),
    })
    await advance(t, 16 * MINUTE)
    expect(await sell(t, g, { id, num: '200' })).toMatchObject({ status: 1 })
    expect((await endedList(t, g))[id]).toMatchObject({ status: 4, stock_num: 200 })
  })
})

describe('a resting sell larger than the prints', () => {
  it('sells in parts: each part closes on its own, the rest stays in the book', async () => {
    const { g, id } = await holder(t, account(), '300')
    const limit = priceNear(t, TOYOTA, 106)
    expect((await sell(t, g, { id, num: '300', price: formatUnits(limit) })).status).toBe(1)
    const [order] = await orders(t, g, 'open')
    expect(await print(limit, 100)).toBe(1)
    expect(await info(g, order!.id)).toMatchObject({ status: 'partial', filled_num: 100 })
    expect((await openList(t, g))[id]).toMatchObject({ status: 1, stock_num: 200 })
    const sold = Object.values(await endedList(t, g)).filter(
      (row) => typeof row === 'object' && row.status === 4,
    )
    expect(sold).toMatchObject([{ stock_num: 100, sell_price: formatUnits(limit) }])

    // The rest, cancelled, is held again; the part sold stays sold.
    expect((await cancel(t, g, order!.id)).status).toBe(1)
    expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 200 })
    expect(await info(g, order!.id)).toMatchObject({ status: 'cancelled', filled_num: 100 })
  })

  it('sells part of a holding in parts too, each part a row of its own number', async () => {
    const { g, id } = await holder(t, account(), '400')
    const limit = priceNear(t, TOYOTA, 106)
    // A sell of 300 of the 400: its shares are claimed as a closing row under its own number.
    expect((await sell(t, g, { id, num: '300', price: formatUnits(limit) })).status).toBe(1)
    const [order] = await orders(t, g, 'open')
    expect(await print(limit, 100)).toBe(1)
    expect(await print(limit, 100)).toBe(1)
    expect(await info(g, order!.id)).toMatchObject({ status: 'partial', filled_num: 200 })
    const sold = Object.values(await endedList(t, g)).filter(
      (row) => typeof row === 'object' && row.status === 4,
    )
    expect(sold.map((row) => typeof row === 'object' && row.stock_num)).toEqual([100, 100])
    expect(await print(limit, 100)).toBe(1)
    expect(await info(g, order!.id)).toMatchObject({ status: 'filled', filled_num: 300 })
    expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 100 })
  })
})

describe('an IFD whose entry fills in part', () => {
  it('places its exit for exactly what the entry filled, once the entry ends', async () => {
    const g = await trader(t, account())
    const entry = priceNear(t, TOYOTA, 96)
    const form = {
      price: formatUnits(entry),
      num: '300',
      group: 'ifd',
      exit_price: formatUnits(priceNear(t, TOYOTA, 105)),
    }
    const { id } = (await buy(t, g, form)).data as { id: string }
    expect(await print(entry, 100)).toBe(1)
    const exitOf = async () => (await orders(t, g, 'open')).find((o) => o.parent_id === id)
    expect(await exitOf()).toMatchObject({ status: 'waiting', holding_id: null })
    expect((await cancel(t, g, id)).status).toBe(1)
    expect(await exitOf()).toMatchObject({ status: 'open', num: 100, holding_id: id })
    expect((await openList(t, g))[id]).toMatchObject({ status: 1, stock_num: 100 })
  })
})
