import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrderInfo } from '@kabu/shared/api/orders'
import type { SessionGrant } from '@kabu/shared/api/user'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { cancel, orderInfo, orders, printToyota, tickUnder } from './orders.support'
import {
  advance,
  books,
  buy,
  endedList,
  feeOf,
  idem,
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
 * 訂正 (issue 35, API.md `/trade/amend`): a working limit order's price and a lower quantity; a
 * buy's frozen cash follows in the same transaction, a sell lowered leaves the rest held; the
 * ledger check holds after each.
 */

let t: TestApp
let n = 0
const account = () => `amd${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const amend = (g: SessionGrant, form: Record<string, string>) =>
  brokerApi(t.url, '/trade/amend', { idem: idem(), ...form }, session(g))

const info = async (g: SessionGrant, id: string) =>
  (await orderInfo(t, g, id)).data as WireOrderInfo

describe('amending a resting buy', () => {
  it('lowers its quantity and moves its price: frozen cash follows, the fill honours both', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit), num: '300' })).data as {
      id: string
    }
    const frozenFor = (price: bigint, num: bigint) => price * num + feeOf(price * num)
    expect((await books(t, g.account, 'JPY')).frozen).toBe(frozenFor(limit, 300n))

    expect(await amend(g, { id, num: '200' })).toMatchObject({ status: 1, data: { id } })
    expect(await info(g, id)).toMatchObject({ num: 200, status: 'open', validity: 'day' })
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - frozenFor(limit, 200n),
      frozen: frozenFor(limit, 200n),
    })

    const higher = priceNear(t, TOYOTA, 97)
    expect((await amend(g, { id, price: formatUnits(higher) })).status).toBe(1)
    expect(await info(g, id)).toMatchObject({ price: formatUnits(higher), num: 200 })
    expect((await books(t, g.account, 'JPY')).frozen).toBe(frozenFor(higher, 200n))
    expect((await openList(t, g))[id]).toMatchObject({ status: 2, stock_num: 200 })

    const print = tickUnder(higher)
    expect(await printToyota(t, print)).toBe(1)
    expect(await info(g, id)).toMatchObject({ status: 'filled', filled_num: 200 })
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - print * 200n - feeOf(print * 200n),
      frozen: 0n,
    })
  })

  it('refuses what an amendment may not do, changing nothing', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
    const before = await books(t, g.account, 'JPY')
    const refused = async (form: Record<string, string>) => (await amend(g, { id, ...form })).msg
    expect(await refused({ num: '200' })).toBe('invalid_input') // higher
    expect(await refused({ num: '100' })).toBe('invalid_input') // the same
    expect(await refused({ num: '50' })).toBe('lot_size')
    expect(await refused({})).toBe('invalid_input')
    expect(await refused({ trigger: formatUnits(limit) })).toBe('invalid_input')
    expect(await refused({ price: formatUnits(limit + 1n) })).toBe('invalid_input') // off the grid
    const limitUp = t.app.market.snapshot(TOYOTA)!.limitUp!
    expect(await refused({ price: String(limitUp + 5) })).toBe('over_price_limit')
    const other = await trader(t, account())
    expect((await amend(other, { id, num: '100' })).msg).toBe('not_found')
    expect(await books(t, g.account, 'JPY')).toEqual(before)
    expect(await info(g, id)).toMatchObject({ num: 100, price: formatUnits(limit) })

    expect((await cancel(t, g, id)).status).toBe(1)
    expect(await refused({ price: formatUnits(limit) })).toBe('order_not_holding')
  })

  it('refuses a higher price the available cash cannot freeze', async () => {
    const limit = restingLimit(t)
    const cash = limit * 100n + feeOf(limit * 100n)
    const g = await trader(t, account(), formatUnits(cash))
    const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
    const higher = priceNear(t, TOYOTA, 97)
    expect((await amend(g, { id, price: formatUnits(higher) })).msg).toBe('insufficient_balance')
    expect(await info(g, id)).toMatchObject({ price: formatUnits(limit) })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: 0n, frozen: cash })
  })
})

describe('amending a resting sell', () => {
  it('lowers it: the shares taken off are held again, the rest sells at the new price', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, { num: '300' })).data as { id: string }
    await advance(t, 16 * MINUTE)
    const limitUp = BigInt(Math.round(t.app.market.snapshot(TOYOTA)!.limitUp! * 10_000))
    expect((await sell(t, g, { id, num: '300', price: formatUnits(limitUp) })).status).toBe(1)
    const [order] = await orders(t, g, 'open')
    const lower = priceNear(t, TOYOTA, 110)
    const answer = await amend(g, { id: order!.id, num: '100', price: formatUnits(lower) })
    expect(answer).toMatchObject({ status: 1 })
    const open = await openList(t, g)
    expect(open[id]).toMatchObject({ status: 1, stock_num: 100 })
    const held = Object.values(open).filter((h) => typeof h === 'object' && h.status === 0)
    expect(held).toMatchObject([{ stock_num: 200 }])

    expect(await printToyota(t, lower)).toBe(1)
    expect(await info(g, order!.id)).toMatchObject({ status: 'filled', filled_num: 100 })
    expect((await endedList(t, g))[id]).toMatchObject({
      status: 4,
      stock_num: 100,
      sell_price: formatUnits(lower),
    })
  })
})
