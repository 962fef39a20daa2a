import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { brokerData } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { orders } from './orders.support'
import {
  APPLE,
  books,
  buy,
  openList,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'
import { marginDepositJpy } from '../../gateway/src/broker/trading/credit-minimum'

/**
 * 委託保証金の最低額 (MARKET-RULES.md §8, CREDIT_MIN_MARGIN_JPY): a credit buy or a short on the
 * Japanese market opens only while the user's 委託保証金 (available yen + the margin and trust
 * funds in their open credit positions) is at least ¥300,000.
 */

let t: TestApp
let n = 0
const account = () => `cmm${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const YEN = 10_000n
const creditBuy = (g: SessionGrant) => buy(t, g, { leverage: '3' })
const short = (g: SessionGrant) => sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' })

/** Everything a refused order could have touched: the books, the orders, the holdings. */
async function world(g: SessionGrant) {
  return {
    books: await books(t, g.account, 'JPY'),
    orders: [...(await orders(t, g, 'open')), ...(await orders(t, g, 'done'))],
    holdings: holdingRows(await openList(t, g)),
  }
}

describe('the least 委託保証金 to open credit', () => {
  it('is published in /common/config', async () => {
    const entries = await brokerData<Array<{ name: string; value: string }>>(
      t.url,
      '/common/config',
      {},
    )
    expect(entries).toContainEqual({ name: 'credit_min_margin_jpy', value: '300000' })
  })

  it('refuses a credit buy and a short one yen below it, writing nothing', async () => {
    const g = await trader(t, account(), '299999', { verified: true })
    const before = await world(g)
    expect(await creditBuy(g)).toMatchObject({ status: 0, msg: 'credit_min_margin' })
    expect(await short(g)).toMatchObject({ status: 0, msg: 'credit_min_margin' })
    expect(await world(g)).toEqual(before)
    // A cash buy needs no 委託保証金; credit on another market is not under Japan's minimum.
    expect(await buy(t, g, {})).toMatchObject({ status: 1 })
    expect(await buy(t, g, { type: 'usd', code: APPLE, num: '1', leverage: '2' })).toMatchObject({
      status: 1,
    })
  })

  it('takes a credit buy and a short at it', async () => {
    const buyer = await trader(t, account(), '300000', { verified: true })
    expect(await creditBuy(buyer)).toMatchObject({ status: 1 })
    const seller = await trader(t, account(), '300000', { verified: true })
    expect(await short(seller)).toMatchObject({ status: 1 })
  })

  it('counts the margin held in open credit positions, not only the cash left', async () => {
    const g = await trader(t, account(), '310000', { verified: true })
    const userId = await userIdOf(t, g.account)
    expect(await creditBuy(g)).toMatchObject({ status: 1 })
    expect(await short(g)).toMatchObject({ status: 1 })
    // Two margins out of the wallet: its cash is far under the minimum, what it holds is not.
    const { available } = await books(t, g.account, 'JPY')
    expect(available).toBeLessThan(300_000n * YEN)
    const held = holdingRows(await openList(t, g)).map((h) => parseUnits(h.margin) ?? 0n)
    const deposit = await marginDepositJpy(t.app.db, t.app.broker.ledger, userId)
    expect(held).toHaveLength(2)
    expect(deposit).toBe(available + held[0]! + held[1]!)
    expect(deposit).toBeGreaterThanOrEqual(300_000n * YEN)
    expect(await short(g)).toMatchObject({ status: 1 })
    // Fees left the 委託保証金 too: at ¥300,000 less a fee, the next credit order is refused.
    const under = await trader(t, account(), '300000', { verified: true })
    expect(await short(under)).toMatchObject({ status: 1 })
    expect(await creditBuy(under)).toMatchObject({ msg: 'credit_min_margin' })
  })
})
