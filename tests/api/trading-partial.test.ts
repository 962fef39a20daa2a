import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows, type WireClosedHolding, type WireHolding } from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  advance,
  books,
  buy,
  endedList,
  feeOf,
  MINUTE,
  openList,
  sell,
  startTradingApp,
  trader,
  firstSaleTax,
} from './trading.support'

const units = (text: string) => BigInt(Math.round(Number(text) * 10_000))

let t: TestApp
let n = 0
const account = () => `prt${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** A user holding 300 Toyota shares bought 16 minutes ago (past the sell lock). */
async function holdingOf300() {
  const g = await trader(t, account())
  const { id } = (await buy(t, g, { num: '300' })).data as { id: string }
  await advance(t, 16 * MINUTE)
  const held = (await openList(t, g))[id] as WireHolding
  return { g, id, held }
}

describe('/trade/sell, part of a holding', () => {
  it('sells 100 of 300: the part closes as its own row, 200 stay with the same buy', async () => {
    const { g, id, held } = await holdingOf300()
    const before = await books(t, g.account, 'JPY')
    const answer = await sell(t, g, { id, num: '100' })
    expect(answer).toMatchObject({ status: 1, msg: 'submit_ok' })
    const soldId = (answer.data as { id: string }).id
    expect(soldId).not.toBe(id)

    const rest = (await openList(t, g))[id] as WireHolding
    expect(rest).toMatchObject({
      status: 0,
      stock_num: 200,
      buy_price: held.buy_price,
      buy_time: held.buy_time,
    })
    const part = (await endedList(t, g))[soldId] as WireClosedHolding
    expect(part).toMatchObject({ status: 4, stock_num: 100, buy_price: held.buy_price })
    expect(part.sell_time).toBeGreaterThanOrEqual(held.buy_time + 15 * MINUTE)
    // The buy fee splits pro rata and the parts add up to what was charged.
    const fee = units(held.buy_fee)
    expect(units(part.buy_fee)).toBe(fee / 3n)
    expect(units(part.buy_fee) + units(rest.buy_fee)).toBe(fee)

    const proceeds = units(part.sell_price) * 100n
    const after = await books(t, g.account, 'JPY')
    expect(after.available - before.available).toBe(proceeds - feeOf(proceeds) - firstSaleTax(part))
    expect(part.sell_fee).toBe(formatUnits(feeOf(proceeds)))
    const realised = proceeds - feeOf(proceeds) - units(held.buy_price) * 100n - fee / 3n
    expect(part.yingkui).toBe(formatUnits(realised))
    expect((await endedList(t, g)).lsyk).toBe(formatUnits(realised))
  })

  it('sells the rest whole after a part: the original row closes, nothing stays open', async () => {
    const { g, id } = await holdingOf300()
    expect((await sell(t, g, { id, num: '200' })).status).toBe(1)
    expect(await sell(t, g, { id, num: '100' })).toMatchObject({ status: 1, data: { id } })
    expect(holdingRows(await openList(t, g))).toHaveLength(0)
    const ended = holdingRows(await endedList(t, g))
    expect(ended.map((r) => r.stock_num).sort()).toEqual([100, 200])
    expect(ended.every((r) => r.status === 4)).toBe(true)
  })

  const refusals: Array<[string, string, string]> = [
    ['a quantity not a multiple of the lot', '150', 'lot_size'],
    ['more than is held', '400', 'invalid_input'],
    ['a zero quantity', '0', 'lot_size'],
    ['a negative quantity', '-100', 'lot_size'],
    ['a fractional quantity', '100.5', 'lot_size'],
  ]
  it.each(refusals)('refuses %s, changing nothing', async (_what, num, msg) => {
    const { g, id, held } = await holdingOf300()
    const before = await books(t, g.account, 'JPY')
    expect(await sell(t, g, { id, num })).toMatchObject({ http: 200, status: 0, msg })
    expect(await openList(t, g)).toMatchObject({ [id]: { status: 0, stock_num: 300 } })
    expect((await openList(t, g))[id]).toEqual({
      ...held,
      nowprice: expect.any(String),
      yingkui: expect.any(String),
      market_value: expect.any(String),
    })
    expect(holdingRows(await endedList(t, g))).toHaveLength(0)
    expect(await books(t, g.account, 'JPY')).toEqual(before)
  })

  it('lets exactly one of two concurrent sells of 200 of 300 through', async () => {
    const { g, id } = await holdingOf300()
    const before = await books(t, g.account, 'JPY')
    const answers = await Promise.all([1, 2].map(() => sell(t, g, { id, num: '200' })))
    const won = answers.filter((a) => a.status === 1)
    expect(won).toHaveLength(1)
    // Racing inside the claim, or arriving after it when only 100 are left.
    expect(['order_not_holding', 'invalid_input']).toContain(
      answers.find((a) => a.status !== 1)?.msg,
    )
    const part = (await endedList(t, g))[(won[0]!.data as { id: string }).id] as WireClosedHolding
    expect((await openList(t, g))[id]).toMatchObject({ status: 0, stock_num: 100 })
    const proceeds = units(part.sell_price) * 200n
    const after = await books(t, g.account, 'JPY')
    expect(after.available - before.available).toBe(proceeds - feeOf(proceeds) - firstSaleTax(part))
  })

  it('lets exactly one of a partial and a whole sell racing through', async () => {
    const { g, id } = await holdingOf300()
    const answers = await Promise.all([
      sell(t, g, { id, num: '300' }),
      sell(t, g, { id, num: '100' }),
    ])
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    const shares = holdingRows(await endedList(t, g)).reduce((s, r) => s + r.stock_num, 0)
    const open = holdingRows(await openList(t, g)).reduce((s, r) => s + r.stock_num, 0)
    expect(shares + open).toBe(300)
  })

  it('rests a partial sell limit above the market as its own closing row', async () => {
    const { g, id } = await holdingOf300()
    const limit = t.app.market.snapshot('7203')!.limitUp!
    const answer = await sell(t, g, { id, num: '100', price: String(limit) })
    expect(answer.status).toBe(1)
    const soldId = (answer.data as { id: string }).id
    const open = await openList(t, g)
    expect(open[soldId]).toMatchObject({ status: 1, stock_num: 100 })
    expect(open[id]).toMatchObject({ status: 0, stock_num: 200 })
  })
})
