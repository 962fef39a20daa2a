import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrderInfo } from '@kabu/shared/api/orders'
import { marketDays, orderTerm, validityDays, type OrderTerm } from '@kabu/shared/market/validity'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printShares } from '../support/prints'
import { eventually, userSocket } from './ops-user-socket'
import { orderInfo, orderSocket, orders } from './orders.support'
import {
  advance,
  books,
  buy,
  endedList,
  MINUTE,
  openList,
  restingLimit,
  sell,
  START,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'

/**
 * Validity (MARKET-RULES.md §8, API.md "Orders"): a day order lapses at its day's close, a dated
 * one at its last day's close, at most ORDER_GTD_DAYS business days counting the first. Lapsing
 * releases a buy's frozen cash at once, in the ledger, and tells the user. The test gateway trades
 * around the clock (MARKET_HOURS=always): a day closes at Tokyo's midnight.
 */

let t: TestApp
let n = 0
const account = () => `val${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
  // Days pass in these tests: no print may fill the resting orders they watch lapse.
  await t.app.broker.trading.matcher.stop()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** The business days an order placed now may name, its own day first. */
const offered = () =>
  validityDays(marketDays('jp', 'always'), t.app.clock.now(), t.app.config.trading.orderGtdDays)

async function restingBuy(g: Awaited<ReturnType<typeof trader>>, validity?: string) {
  const form = { price: formatUnits(restingLimit(t)), ...(validity ? { validity } : {}) }
  const answer = await buy(t, g, form)
  expect(answer).toMatchObject({ status: 1 })
  const { id } = answer.data as { id: string }
  return (await orderInfo(t, g, id)).data as WireOrderInfo
}

/** Moves the clock to `at` and runs the orders job once. */
async function lapseAt(at: number) {
  await advance(t, at - t.app.clock.now())
  await t.app.broker.trading.orderLapse.runOnce()
}

describe('a day order', () => {
  it('rests until its close, then lapses: its cash is free and the user is told', async () => {
    const g = await trader(t, account())
    const socket = await orderSocket(t, g)
    try {
      const order = await restingBuy(g)
      expect(order).toMatchObject({ validity: 'day', status: 'open' })
      await lapseAt(order.expires_at - MINUTE)
      expect((await orders(t, g, 'open')).map((o) => o.id)).toEqual([order.id])
      await lapseAt(order.expires_at)
      expect((await orderInfo(t, g, order.id)).data).toMatchObject({ status: 'expired' })
      expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
      expect((await openList(t, g))[order.id]).toBeUndefined()
      expect((await endedList(t, g))[order.id]).toMatchObject({ status: 3 })
      await eventually(() => socket.updates.some((u) => 'status' in u && u.status === 'expired'))
      expect(socket.updates.at(-1)).toEqual({
        type: 'order:updated',
        id: order.id,
        status: 'expired',
        filled_num: 0,
        avg_price: null,
        code: '7203',
        market: 'jp',
        side: 'buy',
        num: 100,
      })
    } finally {
      socket.socket.close()
    }
  })

  it('a resting sell lapses too: its holding is held again', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const limitUp = BigInt(Math.round(t.app.market.snapshot('7203')!.limitUp! * 10_000))
    expect((await sell(t, g, { id, price: formatUnits(limitUp) })).status).toBe(1)
    const [open] = await orders(t, g, 'open')
    await lapseAt(open!.expires_at)
    expect((await orderInfo(t, g, open!.id)).data).toMatchObject({ status: 'expired' })
    expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 100 })
  })
})

describe('a dated order (期間指定)', () => {
  it("survives its first close and lapses at its last day's close", async () => {
    const g = await trader(t, account())
    const days = offered()
    const order = await restingBuy(g, days[2])
    expect(order).toMatchObject({ validity: days[2], status: 'open' })
    const day = await restingBuy(g)
    expect(order.expires_at).toBeGreaterThan(day.expires_at)
    const frozen = (await books(t, g.account, 'JPY')).frozen

    await lapseAt(day.expires_at)
    expect((await orderInfo(t, g, day.id)).data).toMatchObject({ status: 'expired' })
    expect((await orderInfo(t, g, order.id)).data).toMatchObject({ status: 'open' })
    const stillFrozen = (await books(t, g.account, 'JPY')).frozen
    expect(stillFrozen).toBeGreaterThan(0n)
    expect(stillFrozen).toBeLessThan(frozen)

    await lapseAt(order.expires_at)
    expect((await orderInfo(t, g, order.id)).data).toMatchObject({ status: 'expired' })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  }, 60_000)

  it('filled in part, lapses at that day’s close (ORDER_PARTIAL_LAPSES), keeping what filled', async () => {
    const g = await trader(t, account())
    const days = offered()
    const answer = await buy(t, g, {
      price: formatUnits(restingLimit(t)),
      num: '300',
      validity: days[2]!,
    })
    const { id } = answer.data as { id: string }
    const order = (await orderInfo(t, g, id)).data as WireOrderInfo
    const day = await restingBuy(g)
    const limit = BigInt(Math.round(Number(order.price) * 10_000))
    expect(await printShares(t, TOYOTA, limit, 100n)).toBe(1)

    const seed = await userSocket(t.url, g, ['trade:updated'])
    try {
      await lapseAt(day.expires_at)
      expect((await orderInfo(t, g, id)).data).toMatchObject({ status: 'expired', filled_num: 100 })
      expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 100 })
      expect((await books(t, g.account, 'JPY')).frozen).toBe(0n)
      // A client written against the seed keeps the row as the holding it now is.
      await eventually(() => seed.events.some((e) => 'id' in e && e.id === id))
      // (The day order placed beside it lapses too, as cancelled.)
      const mine = seed.events.filter((e) => 'id' in e && e.id === id)
      expect(mine).toEqual([{ type: 'trade:updated', id, status: 0 }])
    } finally {
      seed.socket.disconnect()
    }
  }, 60_000)

  it("lapses at carry-over when its limit lies outside the new day's price limits", async () => {
    const g = await trader(t, account())
    const order = await restingBuy(g, offered()[2])
    // As if placed on a day whose limits reached lower: ¥1 is under any day's limit-down.
    await t.app.db
      .updateTable('orders')
      .set({ price: 10_000n })
      .where('id', '=', BigInt(order.id))
      .execute()
    const days = marketDays('jp', 'always')
    const { expiresAt: firstClose } = orderTerm(days, t.app.clock.now(), 'day', 15) as OrderTerm
    await lapseAt(firstClose - MINUTE)
    expect((await orderInfo(t, g, order.id)).data).toMatchObject({ status: 'open' })
    await lapseAt(firstClose)
    expect((await orderInfo(t, g, order.id)).data).toMatchObject({ status: 'expired' })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })

  it('refuses a date past ORDER_GTD_DAYS, one before its day or no date, writing nothing', async () => {
    const g = await trader(t, account())
    const days = offered()
    const tooLong = marketDays('jp', 'always').nextDay(days.at(-1)!)
    const price = formatUnits(restingLimit(t))
    expect((await buy(t, g, { price, validity: tooLong })).msg).toBe('validity_too_long')
    expect((await buy(t, g, { price, validity: '2000-01-04' })).msg).toBe('validity_invalid')
    expect((await buy(t, g, { price, validity: 'gtc' })).msg).toBe('invalid_input')
    expect(await orders(t, g, 'open')).toEqual([])
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })
})
