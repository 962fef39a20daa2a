import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrderInfo } from '@kabu/shared/api/orders'
import type { WireHolding } from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { eventually } from './ops-user-socket'
import { cancel, orderInfo, orderSocket, orders, printToyota, tickUnder } from './orders.support'
import {
  advance,
  books,
  buy,
  endedList,
  feeOf,
  MINUTE,
  openList,
  restingLimit,
  sell,
  START,
  startTradingApp,
  trader,
} from './trading.support'

/**
 * Orders have their own table and list (issue 35, API.md "Orders"): a resting buy is an open order
 * whose cash is frozen in the ledger and that no list counts as owned; the matcher makes a holding
 * of it with the order's id; cancel releases its cash. Each step is pushed as `order:updated`.
 */

let t: TestApp
let n = 0
const account = () => `ord${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** What `order:updated` says the order is: a buy of 100 Toyota. */
const toyota100 = { code: '7203', market: 'jp', side: 'buy', num: 100 } as const

describe('a resting limit buy', () => {
  it('is an open order, not owned; the matcher fills it into a holding of its id', async () => {
    const g = await trader(t, account())
    const socket = await orderSocket(t, g)
    try {
      const limit = restingLimit(t)
      const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
      const frozen = limit * 100n + feeOf(limit * 100n)
      const [open] = await orders(t, g, 'open')
      expect(open).toMatchObject({ id, side: 'buy', kind: 'limit', status: 'open', num: 100 })
      expect(open).toMatchObject({ price: formatUnits(limit), filled_num: 0, avg_price: null })
      expect(open).toMatchObject({ validity: 'day', holding_id: null, leverage: 1 })
      // The seed's row: status 2 under the order's id, its frozen cash, and nothing owned.
      const list = await openList(t, g)
      expect(list[id]).toMatchObject({ status: 2, stock_num: 100, frozen: formatUnits(frozen) })
      expect(list).toMatchObject({ ccsz: '0', fdyk: '0' })
      expect(
        await t.app.db.selectFrom('holdings').select('id').where('id', '=', BigInt(id)).execute(),
      ).toEqual([])
      expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START - frozen, frozen })
      await eventually(() => socket.updates.length > 0)
      expect(socket.updates).toEqual([
        { type: 'order:updated', id, status: 'open', filled_num: 0, avg_price: null, ...toyota100 },
      ])

      const print = tickUnder(limit)
      expect(await printToyota(t, print)).toBe(1)
      const cost = print * 100n
      const info = (await orderInfo(t, g, id)).data as WireOrderInfo
      expect(info).toMatchObject({ status: 'filled', filled_num: 100, holding_id: id })
      expect(info.avg_price).toBe(formatUnits(print))
      expect(info.fills).toMatchObject([
        { num: 100, price: formatUnits(print), fee: formatUnits(feeOf(cost)) },
      ])
      expect((await openList(t, g))[id]).toMatchObject({ status: 0, buy_price: formatUnits(print) })
      expect(await orders(t, g, 'open')).toEqual([])
      expect((await orders(t, g, 'done')).map((o) => o.id)).toEqual([id])
      expect(await books(t, g.account, 'JPY')).toMatchObject({
        available: START - cost - feeOf(cost),
        frozen: 0n,
      })
      await eventually(() => socket.updates.length > 1)
      expect(socket.updates[1]).toEqual({
        type: 'order:updated',
        id,
        status: 'filled',
        filled_num: 100,
        avg_price: formatUnits(print),
        ...toyota100,
      })
    } finally {
      socket.socket.close()
    }
  })

  it('is cancelled by its id: its cash is free at once and it is done, not filled later', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
    expect(await cancel(t, g, id)).toMatchObject({ status: 1, msg: 'cancel_ok' })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
    expect((await orders(t, g, 'done'))[0]).toMatchObject({ id, status: 'cancelled' })
    expect((await endedList(t, g))[id]).toMatchObject({ status: 3 })
    expect(await printToyota(t, tickUnder(limit))).toBe(0)
    expect((await cancel(t, g, id)).msg).toBe('order_not_holding')
  })
})

describe('a cancel racing a fill', () => {
  it('ends the order once: cancelled with its cash back, or filled into a holding', async () => {
    for (let round = 0; round < 3; round++) {
      const g = await trader(t, account())
      const limit = restingLimit(t)
      const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
      const print = tickUnder(limit)
      const [cancelled, fills] = await Promise.all([cancel(t, g, id), printToyota(t, print)])
      const info = (await orderInfo(t, g, id)).data as WireOrderInfo
      if (cancelled.status === 1) {
        expect({ fills, status: info.status }).toEqual({ fills: 0, status: 'cancelled' })
        expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
      } else {
        expect(cancelled.msg).toBe('order_not_holding')
        expect({ fills, status: info.status }).toEqual({ fills: 1, status: 'filled' })
        const cost = print * 100n
        expect(await books(t, g.account, 'JPY')).toMatchObject({
          available: START - cost - feeOf(cost),
          frozen: 0n,
        })
      }
    }
  })
})

describe('orders filled at once', () => {
  it('a market buy and its whole sell are filled orders with one fill each', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    const held = (await openList(t, g))[id] as WireHolding
    const bought = (await orderInfo(t, g, id)).data as WireOrderInfo
    expect(bought).toMatchObject({ side: 'buy', kind: 'market', status: 'filled', price: null })
    expect(bought).toMatchObject({ filled_num: 100, avg_price: held.buy_price, holding_id: id })
    expect(bought.fills).toMatchObject([{ num: 100, price: held.buy_price, fee: held.buy_fee }])
    await advance(t, 16 * MINUTE)
    expect(await sell(t, g, { id })).toMatchObject({ status: 1, data: { id } })
    const done = await orders(t, g, 'done')
    const sold = done.find((o) => o.side === 'sell')!
    expect(sold).toMatchObject({
      kind: 'market',
      status: 'filled',
      filled_num: 100,
      holding_id: id,
    })
    const ended = (await endedList(t, g))[id] as WireHolding & { sell_price: string }
    expect(sold.avg_price).toBe(ended.sell_price)
    const { fills } = (await orderInfo(t, g, sold.id)).data as WireOrderInfo
    expect(fills).toMatchObject([{ num: 100, price: ended.sell_price }])
  })

  it('a credit buy is a filled order with its leverage', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const { id } = (await buy(t, g, { leverage: '2' })).data as { id: string }
    expect((await orderInfo(t, g, id)).data).toMatchObject({ status: 'filled', leverage: 2 })
  })
})

describe('a resting sell', () => {
  it('is an open sell order; the seed cancels it by its holding id', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const limitUp = BigInt(Math.round(t.app.market.snapshot('7203')!.limitUp! * 10_000))
    expect((await sell(t, g, { id, price: formatUnits(limitUp) })).status).toBe(1)
    const [open] = await orders(t, g, 'open')
    expect(open).toMatchObject({ side: 'sell', status: 'open', holding_id: id })
    expect((await openList(t, g))[id]).toMatchObject({ status: 1 })
    expect((await cancel(t, g, id)).status).toBe(1)
    expect((await openList(t, g))[id]).toMatchObject({ status: 0 })
    expect((await orderInfo(t, g, open!.id)).data).toMatchObject({ status: 'cancelled' })
  })
})

describe('/trade/orders and /trade/orderInfo', () => {
  it("refuse bad input and answer another user's order as not found", async () => {
    const g = await trader(t, account())
    const other = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    const call = (path: string, form: Record<string, string>) =>
      brokerApi(t.url, path, form, session(g))
    expect(await call('/trade/orders', { type: 'jpy', status: 'all' })).toMatchObject({
      http: 200,
      status: 0,
      msg: 'invalid_input',
    })
    expect((await call('/trade/orderInfo', { id: 'x' })).msg).toBe('invalid_input')
    expect((await orderInfo(t, other, id)).msg).toBe('not_found')
    expect((await cancel(t, other, id)).msg).toBe('not_found')
    expect(await orders(t, g, 'open', 'usd')).toEqual([])
  })
})
