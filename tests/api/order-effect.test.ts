import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrder, WireOrderInfo } from '@kabu/shared/api/orders'
import type { TestApp } from '../support/app'
import type { BrokerAnswer } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { orderInfo, orders } from './orders.support'
import { buy, MINUTE, sell, startTradingApp, TOYOTA, trader, untilFresh } from './trading.support'

/**
 * `/trade/orders` and `/trade/orderInfo` say of every order whether it opened or closed a position
 * (`effect`), so that with `side` and `leverage` a client tells 現物買/現物売, 信用新規買/信用返済売
 * and 信用新規売/信用返済買 apart.
 */

let t: TestApp
let n = 0
const account = () => `eff${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const idOf = (answer: BrokerAnswer) => {
  expect(answer).toMatchObject({ status: 1 })
  return (answer.data as { id: string }).id
}
const facts = (o: WireOrder) => [o.side, o.effect, o.leverage, o.status]

describe('an order says whether it opened or closed a position', () => {
  it('a short and its cover, a credit buy and its sale, a cash buy and its sale', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const cashBuy = idOf(await buy(t, g, {}))
    const creditBuy = idOf(await buy(t, g, { leverage: '2' }))
    const short = idOf(await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' }))
    // A short at leverage 1 (its margin the whole proceeds) is still a short: not told by leverage.
    const fullShort = idOf(await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '1' }))
    t.app.clock.set(t.app.clock.now() + 16 * MINUTE)
    await untilFresh(t, TOYOTA)
    idOf(await sell(t, g, { id: cashBuy }))
    idOf(await sell(t, g, { id: creditBuy }))
    idOf(await buy(t, g, { id: short }))
    idOf(await buy(t, g, { id: fullShort }))

    const done = await orders(t, g, 'done')
    expect(done.map(facts)).toEqual([
      ['buy', 'close', 1, 'filled'],
      ['buy', 'close', 3, 'filled'],
      ['sell', 'close', 2, 'filled'],
      ['sell', 'close', 1, 'filled'],
      ['sell', 'open', 1, 'filled'],
      ['sell', 'open', 3, 'filled'],
      ['buy', 'open', 2, 'filled'],
      ['buy', 'open', 1, 'filled'],
    ])
    // Each order's own page says the same; a sale and a cover name the position they closed.
    const info = async (o: WireOrder) => (await orderInfo(t, g, o.id)).data as WireOrderInfo
    const [coverFull, , sellCredit, sellCash] = done
    expect(await info(coverFull!)).toMatchObject({
      side: 'buy',
      effect: 'close',
      leverage: 1,
      holding_id: fullShort,
    })
    expect(await info(sellCredit!)).toMatchObject({
      side: 'sell',
      effect: 'close',
      leverage: 2,
      holding_id: creditBuy,
    })
    expect(await info(sellCash!)).toMatchObject({ effect: 'close', holding_id: cashBuy })
    expect(done.at(-3)).toMatchObject({ id: short, effect: 'open' })
  })

  it('a resting buy opens, a resting sell closes, before anything fills', async () => {
    const g = await trader(t, account())
    const quote = t.app.market.snapshot(TOYOTA)!
    const low = String(quote.limitDown)
    const high = String(quote.limitUp)
    idOf(await buy(t, g, { price: low }))
    const held = idOf(await buy(t, g, {}))
    t.app.clock.set(t.app.clock.now() + 16 * MINUTE)
    idOf(await sell(t, g, { id: held, price: high }))
    const open = await orders(t, g, 'open')
    expect(open.map((o) => [o.side, o.effect, o.holding_id])).toEqual([
      ['sell', 'close', held],
      ['buy', 'open', null],
    ])
  })
})
