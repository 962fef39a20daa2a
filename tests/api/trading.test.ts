import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows, type WireClosedHolding, type WireHolding } from '@kabu/shared/api/trade'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { tickUnitsAt } from '@kabu/shared/market/ticks'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import { ops } from './funds.support'
import {
  advance,
  books,
  buy,
  endedList,
  feeOf,
  holdingsCount,
  MINUTE,
  openList,
  otherGatewayTrading,
  pastLimit,
  restingLimit,
  sell,
  START,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
  firstSaleTax,
} from './trading.support'
import { printQuote } from '../support/prints'

const toyota = listingByCode(TOYOTA)!

let t: TestApp
let n = 0
const account = () => `trd${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

describe('/trade/buy', () => {
  it('fills a market order at once: cost and fee leave available, frozen is back to 0', async () => {
    const g = await trader(t, account())
    const answer = await buy(t, g, {})
    expect(answer).toMatchObject({ status: 1, msg: 'purchase_ok' })
    const { id } = answer.data as { id: string }
    const row = (await openList(t, g))[id] as WireHolding
    expect(row).toMatchObject({ id, code: TOYOTA, status: 0, stock_num: 100, leverage: 1 })
    const cost = BigInt(Math.round(Number(row.buy_price) * 10_000)) * 100n
    expect(row.buy_fee).toBe(formatUnits(feeOf(cost)))
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - cost - feeOf(cost),
      frozen: 0n,
    })
  })

  it('rests a limit order below the market (status 2) with price × num + fee frozen', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const answer = await buy(t, g, { price: formatUnits(limit) })
    expect(answer.status).toBe(1)
    const { id } = answer.data as { id: string }
    const frozen = limit * 100n + feeOf(limit * 100n)
    const row = (await openList(t, g))[id] as WireHolding
    expect(row).toMatchObject({
      status: 2,
      buy_price: formatUnits(limit),
      frozen: formatUnits(frozen),
    })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START - frozen, frozen })

    // The market falls one tick below the limit: the order fills at that better price.
    const print = limit - BigInt(tickUnitsAt(toyota, Number(limit) - 1))
    const quote = printQuote(t, TOYOTA, Number(print) / 10_000)
    expect(await t.app.broker.trading.matcher.match([quote])).toBe(1)
    const filled = (await openList(t, g))[id] as WireHolding
    expect(filled).toMatchObject({ status: 0, buy_price: formatUnits(print), frozen: '0' })
    const cost = print * 100n
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - cost - feeOf(cost),
      frozen: 0n,
    })
  })

  it('cancels a pending order: its cash is released and it ends as cancelled (3)', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, { price: formatUnits(restingLimit(t)) })).data as { id: string }
    const cancel = () => brokerApi(t.url, '/trade/cancel', { id }, session(g))
    expect(await cancel()).toMatchObject({ status: 1, msg: 'cancel_ok' })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
    expect((await endedList(t, g))[id]).toMatchObject({ status: 3 })
    expect((await cancel()).msg).toBe('order_not_holding')
    const other = await trader(t, account())
    expect((await brokerApi(t.url, '/trade/cancel', { id }, session(other))).msg).toBe('not_found')
  })

  it('answers a retried order with its first answer, charged once', async () => {
    const g = await trader(t, account())
    const form = { idem: 'same-order-1' }
    const first = await buy(t, g, form)
    const again = await buy(t, g, form)
    expect(again.data).toEqual(first.data)
    expect(holdingRows(await openList(t, g))).toHaveLength(1)
    expect((await buy(t, g, { ...form, num: '200' })).msg).toBe('idempotency_conflict')
  })

  it('runs concurrent twins of one order once, each getting its answer', async () => {
    const g = await trader(t, account())
    const answers = await Promise.all([1, 2, 3].map(() => buy(t, g, { idem: 'twin-order-1' })))
    for (const a of answers) expect(a).toMatchObject({ status: 1, data: answers[0]!.data })
    const { id } = answers[0]!.data as { id: string }
    const list = await openList(t, g)
    expect(holdingRows(list)).toHaveLength(1)
    const cost = BigInt(Math.round(Number((list[id] as WireHolding).buy_price) * 10_000)) * 100n
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - cost - feeOf(cost),
      frozen: 0n,
    })
  })

  const refusals: Array<[string, Record<string, string> | (() => Record<string, string>), string]> =
    [
      ['a quantity not a multiple of the lot', { num: '50' }, 'lot_size'],
      ['a zero quantity', { num: '0' }, 'lot_size'],
      ['a negative quantity', { num: '-100' }, 'lot_size'],
      ['a fractional quantity', { num: '100.5' }, 'lot_size'],
      ['an unknown code', { code: 'ZZZZ' }, 'not_listed'],
      ['an index', { code: 'N225' }, 'not_listed'],
      ['a code of another market', { type: 'usd' }, 'not_listed'],
      ['a malformed price', { price: '1e3' }, 'invalid_input'],
      [
        'a price off the tick grid',
        () => ({ price: formatUnits(restingLimit(t) + 1n) }),
        'invalid_input',
      ],
      [
        'a price above the daily limit',
        () => ({ price: pastLimit(t, TOYOTA, 5) }),
        'over_price_limit',
      ],
      [
        'a price below the daily limit',
        () => ({ price: pastLimit(t, TOYOTA, -5) }),
        'over_price_limit',
      ],
      ['no idempotency key', { idem: '' }, 'invalid_input'],
    ]
  it.each(refusals)('refuses %s, writing nothing', async (_what, form, msg) => {
    const g = await trader(t, account())
    const before = await holdingsCount(t)
    const answer = await buy(t, g, typeof form === 'function' ? form() : form)
    expect(answer).toMatchObject({ http: 200, status: 0, msg })
    expect(await holdingsCount(t)).toBe(before)
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })

  it('refuses a buy beyond available cash (insufficient_balance), writing nothing', async () => {
    const g = await trader(t, account(), '1000')
    const before = await holdingsCount(t)
    expect((await buy(t, g, {})).msg).toBe('insufficient_balance')
    expect(await holdingsCount(t)).toBe(before)
  })

  it('refuses a user barred from trading (trading_barred)', async () => {
    const g = await trader(t, account())
    expect((await ops(t, 'POST', `/users/${g.account}/bar-trading`)).status).toBe(1)
    expect((await buy(t, g, {})).msg).toBe('trading_barred')
  })
})

describe('/trade/sell', () => {
  it('refuses within the sell lock, then sells whole: proceeds − fee in, realised P/L kept', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    expect((await sell(t, g, { id })).msg).toBe('sell_after_15_minutes')
    await advance(t, 15 * MINUTE)
    expect((await sell(t, g, { id, num: '200' })).msg).toBe('invalid_input')
    const before = await books(t, g.account, 'JPY')
    expect(await sell(t, g, { id })).toMatchObject({ status: 1, data: { id } })
    const row = (await endedList(t, g))[id] as WireClosedHolding
    expect(row).toMatchObject({ status: 4 })
    const proceeds = BigInt(Math.round(Number(row.sell_price) * 10_000)) * 100n
    const after = await books(t, g.account, 'JPY')
    expect(after.available - before.available).toBe(proceeds - feeOf(proceeds) - firstSaleTax(row))
    expect(row.sell_fee).toBe(formatUnits(feeOf(proceeds)))
    expect(row.stamp_duty).toBe('0')
    const bought = BigInt(Math.round(Number(row.buy_price) * 10_000)) * 100n
    const realised = proceeds - feeOf(proceeds) - bought - feeOf(bought)
    expect(row.yingkui).toBe(formatUnits(realised))
    expect((await endedList(t, g)).lsyk).toBe(formatUnits(realised))
    expect(holdingRows(await openList(t, g))).toHaveLength(0)
    expect((await sell(t, g, { id })).msg).toBe('order_not_holding')
  })

  it("refuses another user's holding and a pending order", async () => {
    const g = await trader(t, account())
    const other = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    expect((await sell(t, other, { id })).msg).toBe('not_found')
    const pending = (await buy(t, g, { price: formatUnits(restingLimit(t)) })).data as {
      id: string
    }
    expect((await sell(t, g, { id: pending.id })).msg).toBe('order_not_holding')
  })

  it('lets exactly one of several concurrent sells of one holding through', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const before = await books(t, g.account, 'JPY')
    const answers = await Promise.all([1, 2, 3, 4].map(() => sell(t, g, { id })))
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 1)) expect(a.msg).toBe('order_not_holding')
    const row = (await endedList(t, g))[id] as WireClosedHolding
    const proceeds = BigInt(Math.round(Number(row.sell_price) * 10_000)) * 100n
    const after = await books(t, g.account, 'JPY')
    expect(after.available - before.available).toBe(proceeds - feeOf(proceeds) - firstSaleTax(row))
  })

  it('sells what the database holds when another gateway sold part of it since the buy', async () => {
    // On PostgreSQL the gateway keeps the rows its market buys wrote, so that their sell needs no
    // read (FreshHoldings). A second trading service over the same database is the other gateway.
    const g = await trader(t, account())
    const { id } = (await buy(t, g, { num: '300' })).data as { id: string }
    await advance(t, 16 * MINUTE)
    const otherGateway = otherGatewayTrading(t)
    const user = { userId: await userIdOf(t, g.account), account: g.account }
    await otherGateway.sell(
      { ...user, sessionId: 0n, tradingBarred: false },
      { id: BigInt(id), num: 100, price: undefined, idem: 'elsewhere-1' },
    )
    // This gateway's kept row says 300 shares; 200 are left, and all of them sell.
    expect(await sell(t, g, { id, num: '200' })).toMatchObject({ status: 1 })
    const ended = holdingRows(await endedList(t, g))
    expect(ended.map((h) => h.stock_num).sort()).toEqual([100, 200])
    expect((await sell(t, g, { id, num: '100' })).msg).toBe('order_not_holding')
  })

  it('answers a retried sell with its first answer, paid once', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const first = await sell(t, g, { id, idem: 'same-sell-1' })
    const paid = await books(t, g.account, 'JPY')
    expect(await sell(t, g, { id, idem: 'same-sell-1' })).toMatchObject({
      status: 1,
      data: first.data,
    })
    expect(await books(t, g.account, 'JPY')).toEqual(paid)
  })

  it('lets concurrent buys spend available cash once (insufficient_balance for the rest)', async () => {
    // Cash for one buy and a half at the price now (the simulated price wanders).
    const price = t.app.market.snapshot(TOYOTA)!.price
    const g = await trader(t, account(), String(Math.round(price * 150)))
    const answers = await Promise.all([1, 2, 3].map(() => buy(t, g, {})))
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 1))
      expect(a.msg).toBe('insufficient_balance')
    expect(holdingRows(await openList(t, g))).toHaveLength(1)
  })

  it('rests a sell limit above the market (status 1) and fills it when the price reaches it', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const quote = t.app.market.snapshot(TOYOTA)!
    const limit = BigInt(Math.round(quote.limitUp! * 10_000))
    expect((await sell(t, g, { id, price: formatUnits(limit) })).status).toBe(1)
    expect(((await openList(t, g))[id] as WireHolding).status).toBe(1)
    // Cancelling a resting sell puts the holding back; selling again rests it again.
    expect((await brokerApi(t.url, '/trade/cancel', { id }, session(g))).status).toBe(1)
    expect(((await openList(t, g))[id] as WireHolding).status).toBe(0)
    expect((await sell(t, g, { id, price: formatUnits(limit) })).status).toBe(1)
    const up = printQuote(t, TOYOTA, quote.limitUp!)
    expect(await t.app.broker.trading.matcher.match([up])).toBe(1)
    expect((await endedList(t, g))[id]).toMatchObject({ status: 4, sell_price: formatUnits(limit) })
  })
})
