import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows, type WireClosedHolding, type WireHolding } from '@kabu/shared/api/trade'
import type { UserEvent } from '@kabu/shared/realtime'
import { creditSplit, dailyBorrowFee } from '@kabu/shared/market/credit'
import { formatUnits } from '@kabu/shared/money/decimal'
import { taxOn } from '@kabu/shared/tax/withholding'
import type { SessionGrant } from '@kabu/shared/api/user'
import { creditJobsAt } from '../support/credit-jobs'
import { reconcile } from '../../gateway/src/broker/trust/reconciliation'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { ops } from './funds.support'
import { orders } from './orders.support'
import {
  books,
  buy,
  endedList,
  feeOf,
  idem,
  lastUnits,
  openList,
  sell,
  START,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'

const DAY = 86_400_000

let t: TestApp
let n = 0
const account = () => `sht${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp({ REVIEW_POLICY: 'manual', CREDIT_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const units = (text: string) => BigInt(Math.round(Number(text) * 10_000))
const rowOf = async (g: SessionGrant, id: string) =>
  holdingRows(await openList(t, g)).find((h) => h.id === id) as WireHolding

/** A short sale of 100 Toyota at `leverage` by a verified user: its row as listed. */
async function shortSale(leverage = '3') {
  const name = account()
  const g = await trader(t, name, undefined, { verified: true })
  const answer = await sell(t, g, { type: 'jpy', code: TOYOTA, leverage })
  expect(answer).toMatchObject({ status: 1, msg: 'submit_ok' })
  const { id } = answer.data as { id: string }
  return { g, name, id, h: await rowOf(g, id) }
}

const cover = (g: SessionGrant, id: string, form: Record<string, string> = {}) =>
  buy(t, g, { id, ...form })

describe('short selling (売建) and buying to cover (買埋)', () => {
  it('holds the margin, accrues the borrow fee daily and settles to the yen at the cover', async () => {
    const { g, name, id, h } = await shortSale('3')
    const proceeds = units(h.buy_price) * 100n
    const { margin } = creditSplit(proceeds, 3, 'jp')
    const openFee = feeOf(proceeds)
    expect(h).toMatchObject({ side: 'short', stock_num: 100, leverage: 3, status: 0 })
    expect([units(h.frozen), units(h.margin), units(h.buy_fee)]).toEqual([margin, margin, openFee])
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: START - margin - openFee,
      frozen: margin,
      credit: 0n,
    })
    // Three calendar days of borrow fee, each on the proceeds at the published rate.
    const start = t.app.clock.now()
    t.app.clock.set(start + 3 * DAY)
    await t.app.broker.trading.creditJobs.runOnce()
    const fee = dailyBorrowFee(proceeds, t.app.config.trading.borrowFeeRate, 'jp')
    expect(fee).toBeGreaterThan(0n)
    expect((await books(t, name, 'JPY')).credit).toBe(3n * fee)
    expect((await rowOf(g, id)).credit).toMatchObject({ debt: formatUnits(3n * fee) })
    t.app.clock.set(start)
    // The proceeds sit with the lender, the margin in the user's books: customers' money is whole.
    expect((await reconcile(t.app.db, start)).ok).toBe(true)

    expect(await cover(g, id)).toMatchObject({ status: 1, msg: 'purchase_ok' })
    const closed = (await endedList(t, g))[id] as WireClosedHolding
    const cost = units(closed.sell_price) * 100n
    const coverFee = feeOf(cost)
    expect(units(closed.sell_fee)).toBe(coverFee)
    const gain = proceeds - cost - openFee - coverFee - 3n * fee
    expect(units(closed.yingkui)).toBe(gain)
    // The gain is the year's first in a 特定口座 源泉徴収あり: its tax is withheld at the cover.
    const tax = taxOn(gain)
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: START + gain - tax.national - tax.local,
      frozen: 0n,
      credit: 0n,
    })
    expect((await reconcile(t.app.db, start)).ok).toBe(true)
    // Two orders, both filled at once: the short sale and the buy that covered it.
    const done = await orders(t, g, 'done')
    expect(done.map((o) => [o.side, o.effect, o.status, o.leverage])).toEqual([
      ['buy', 'close', 'filled', 3],
      ['sell', 'open', 'filled', 3],
    ])
  })

  it('refuses what the rules forbid, writing nothing', async () => {
    const name = account()
    const plain = await trader(t, name)
    const before = await books(t, name, 'JPY')
    const ask = (g: SessionGrant, form: Record<string, string>) =>
      sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3', ...form })
    // Borrowing shares, like borrowing money, needs a verified identity.
    expect(await ask(plain, {})).toMatchObject({ status: 0 })
    expect(await books(t, name, 'JPY')).toEqual(before)

    const { g, id } = await shortSale('3')
    const above = lastUnits(t, TOYOTA) + 10n * 10_000n
    expect(await ask(g, { price: formatUnits(above) })).toMatchObject({
      msg: 'credit_market_only',
    })
    expect(await ask(g, { id })).toMatchObject({ msg: 'invalid_input' })
    expect(await ask(g, { num: '150' })).toMatchObject({ msg: 'lot_size' })
    expect(await sell(t, g, { id })).toMatchObject({ msg: 'short_cover_by_buy' })
    expect(await cover(g, id, { num: '200' })).toMatchObject({ msg: 'credit_whole_only' })
    expect(await cover(g, id, { code: '6758' })).toMatchObject({ msg: 'invalid_input' })
    // A short bigger than the cash for its margin (the cash at the least 委託保証金 to open credit).
    const poor = account()
    const small = await trader(t, poor, '300000', { verified: true })
    expect(await ask(small, { num: '1000' })).toMatchObject({ msg: 'insufficient_balance' })
    expect(holdingRows(await openList(t, small))).toEqual([])
    expect(await cover(g, id)).toMatchObject({ status: 1 })
    expect(await cover(g, id)).toMatchObject({ status: 0 })
  })

  it('takes trust funds into its margin, up to its proceeds', async () => {
    const { g, name, id, h } = await shortSale('3')
    const ustocks = (credit: string) =>
      brokerApi(t.url, '/trade/ustocks', { idem: idem(), id, credit }, session(g))
    const room = (units(h.buy_price) * 100n - units(h.frozen)) / 10_000n
    expect(await ustocks(String(room + 1n))).toMatchObject({ msg: 'credit_over_debt' })
    const asked = await ustocks('10000')
    expect(asked).toMatchObject({ status: 1 })
    const before = await books(t, name, 'JPY')
    const requestId = (asked.data as { id: string }).id
    expect(await ops(t, 'POST', `/reviews/credit/${requestId}/approve`, {})).toMatchObject({
      status: 1,
    })
    // The cash frozen at the request stays frozen, now as the position's margin.
    expect(await books(t, name, 'JPY')).toEqual(before)
    const row = await rowOf(g, id)
    expect(units(row.frozen)).toBe(units(h.frozen) + 10_000n * 10_000n)
    expect(row.credit).toMatchObject({ trust_funds: '10000' })
    expect(await cover(g, id)).toMatchObject({ status: 1 })
    expect((await books(t, name, 'JPY')).frozen).toBe(0n)
  })

  it('calls when the price rises past 20 %, lifts a met call, and covers an unmet one', async () => {
    const { g, name, id, h } = await shortSale('3')
    const userId = await userIdOf(t, name)
    const sold = Number(h.buy_price)
    let price = sold
    const events: UserEvent[] = []
    // The job as the app builds it, reading prices from a market that rose (or fell back).
    const jobs = creditJobsAt(
      t.app,
      () => price,
      (user, event) => user === userId && events.push(event),
    )
    // Up 20 %: equity (proceeds + margin − cost to cover) is 11 % of the value, under 20 %.
    price = Math.round(sold * 1.2)
    await jobs.runOnce()
    expect((await rowOf(g, id)).credit?.call_deadline).toBeGreaterThan(t.app.clock.now())
    expect(events.at(-1)).toMatchObject({ type: 'credit:call', status: 'called' })
    price = sold
    await jobs.runOnce()
    expect((await rowOf(g, id)).credit?.call_deadline).toBeNull()
    expect(events.at(-1)).toMatchObject({ status: 'met' })
    // Up again and still up two days later: bought back at the last price.
    price = Math.round(sold * 1.25)
    await jobs.runOnce()
    const start = t.app.clock.now()
    t.app.clock.set(start + 2 * DAY + 1)
    await jobs.runOnce()
    t.app.clock.set(start)
    expect(events.at(-1)).toMatchObject({ status: 'liquidated' })
    const closed = (await endedList(t, g))[id] as WireClosedHolding
    expect(units(closed.sell_price)).toBe(BigInt(price) * 10_000n)
    const after = await books(t, name, 'JPY')
    expect([after.frozen, after.credit]).toEqual([0n, 0n])
    expect(after.available).toBe(START + units(closed.yingkui))
  })
})
