import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireDividend, WireSplit } from '@kabu/shared/api/actions'
import { addDays } from '@kabu/shared/market/iso-date'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { parseDetail } from '@kabu/shared/tax/ledger-detail'
import { coveringYen, inYen } from '@kabu/shared/tax/foreign-sale'
import { brokerData, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import {
  action,
  actionsJobAt,
  handClock,
  hourInto,
  nisaHolder,
  rowsIn,
  tomorrow,
} from './actions.support'
import { csvRows, dueOn, fileOf, summary, wire } from './tax.support'
import {
  APPLE,
  books,
  buy,
  restingLimit,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'

let t: TestApp
let n = 0
const account = () => `cax${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp({ ACTIONS_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const YEN = 10_000n

async function holder(code = TOYOTA, type = 'jpy', num = '100') {
  const name = account()
  const g = await trader(t, name)
  const answer = await buy(t, g, { type, code, num })
  expect(answer).toMatchObject({ status: 1 })
  return {
    g,
    name,
    userId: await userIdOf(t, name),
    id: BigInt((answer.data as { id: string }).id),
  }
}

const holdingRow = (id: bigint) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const dividends = (g: SessionGrant, type = 'jpy') =>
  brokerData<WireDividend[]>(t.url, '/user/dividends', { type }, session(g))
const ledgerCount = () => rowsIn(t, 'ledger_transactions')
const taxEvents = () => rowsIn(t, 'tax_events')

describe('dividends', () => {
  it('pays a Japanese holder of record on the payment date, 20.315 % withheld, once', async () => {
    const { g, name } = await holder()
    const ex = tomorrow(t)
    const dividend = action({
      code: TOYOTA,
      kind: 'dividend',
      exDate: ex,
      recordDate: addDays(ex, 1),
      payDate: addDays(ex, 3),
      cash: 50.5,
    })
    const clock = handClock(hourInto('jp', ex))
    const job = actionsJobAt(t, clock, () => [dividend])
    const before = await books(t, name, 'JPY')
    await job.runOnce()
    // ¥5,050 gross: 15.315 % = 773.4… → 773, 5 % = 252.5 → 252.
    const expected = {
      code: TOYOTA,
      record_date: addDays(ex, 1),
      pay_date: addDays(ex, 3),
      shares: 100,
      gross: '5050',
      withheld_foreign: '0',
      withheld_national: '773',
      withheld_local: '252',
      net: '4025',
      account: 'tokutei_withholding',
    }
    expect(await dividends(g)).toEqual([{ ...expected, status: 'expected' }])
    expect(await books(t, name, 'JPY')).toEqual(before)

    clock.set(hourInto('jp', addDays(ex, 3)))
    const tax = await t.app.broker.ledger.houseBalance(t.app.db, 'tax', 'JPY')
    const local = await t.app.broker.ledger.houseBalance(t.app.db, 'tax_local', 'JPY')
    await job.runOnce()
    expect((await books(t, name, 'JPY')).available).toBe(before.available + 4025n * YEN)
    // National and local apart: the tax office's and the local government's.
    expect(await t.app.broker.ledger.houseBalance(t.app.db, 'tax', 'JPY')).toBe(tax + 773n * YEN)
    expect(await t.app.broker.ledger.houseBalance(t.app.db, 'tax_local', 'JPY')).toBe(
      local + 252n * YEN,
    )
    expect(await dividends(g)).toEqual([{ ...expected, status: 'paid' }])

    const count = await ledgerCount()
    await job.runOnce()
    await actionsJobAt(t, clock, () => [dividend]).runOnce()
    expect(await ledgerCount()).toBe(count)
    expect((await books(t, name, 'JPY')).available).toBe(before.available + 4025n * YEN)
  })

  it('takes the US tax at source first, then 20.315 % of the rest in yen at the payment rate', async () => {
    const { g, name } = await holder(APPLE, 'usd', '10')
    const ex = tomorrow(t, 'us')
    const dividend = action({
      code: APPLE,
      market: 'us',
      kind: 'dividend',
      exDate: ex,
      payDate: addDays(ex, 2),
      cash: 0.25,
    })
    const clock = handClock(hourInto('us', ex))
    const job = actionsJobAt(t, clock, () => [dividend])
    const before = await books(t, name, 'USD')
    await job.runOnce()
    const paidAt = hourInto('us', addDays(ex, 2))
    clock.set(paidAt)
    await job.runOnce()
    // $2.50: $0.25 at source; the $2.25 left joins the (fresh) year in yen at the payment's rate,
    // 15.315 % and 5 % of it cut below the yen, each taken in cents rounded up (tax-foreign-dividends).
    const rate = t.app.broker.funds.fx.rateAt('USD', 'JPY', paidAt)
    const due = dueOn(inYen(22_500n, rate))
    const [national, local] = [
      coveringYen(due.national, rate, 'USD'),
      coveringYen(due.local, rate, 'USD'),
    ]
    expect(await dividends(g, 'usd')).toMatchObject([
      {
        gross: '2.5',
        withheld_foreign: '0.25',
        withheld_national: formatUnits(national),
        withheld_local: formatUnits(local),
        net: formatUnits(22_500n - national - local),
      },
    ])
    expect((await books(t, name, 'USD')).available).toBe(
      before.available + 22_500n - national - local,
    )
  })

  it('charges a short holder of record the dividend equivalent, added to what the short owes', async () => {
    const name = account()
    const g = await trader(t, name, undefined, { verified: true })
    const opened = await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' })
    expect(opened).toMatchObject({ status: 1 })
    const id = BigInt((opened.data as { id: string }).id)
    const before = await books(t, name, 'JPY')
    const debt = (await holdingRow(id)).credit_debt
    // Another ex-date than the first test's: each action's steps are done once.
    const ex = addDays(tomorrow(t), 1)
    await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [
      action({ code: TOYOTA, kind: 'dividend', exDate: ex, payDate: addDays(ex, 3), cash: 30 }),
    ]).runOnce()
    // ¥3,000 owed on 100 shares: nothing withheld, nothing taken from cash now.
    expect(await dividends(g)).toMatchObject([
      { shares: 100, gross: '-3000', withheld_national: '0', net: '-3000', status: 'paid' },
    ])
    expect((await holdingRow(id)).credit_debt).toBe(debt + 3_000n * YEN)
    expect(await books(t, name, 'JPY')).toEqual({ ...before, credit: before.credit + 3_000n * YEN })
  })

  it('gives nothing to a buyer on the ex-date', async () => {
    const { g } = await holder()
    const today = tomorrow(t)
    const ex = addDays(today, -1)
    const job = actionsJobAt(t, handClock(hourInto('jp', today)), () => [
      action({ code: TOYOTA, kind: 'dividend', exDate: ex, payDate: addDays(ex, 3), cash: 10 }),
    ])
    await job.runOnce()
    expect(await dividends(g)).toEqual([])
  })
})

describe('splits', () => {
  it('doubles shares and halves the price of a 2:1 split, keeping the cost, and adjusts a resting buy', async () => {
    const { g, name, userId, id } = await holder()
    const limit = restingLimit(t)
    const resting = await buy(t, g, { price: formatUnits(limit), num: '100' })
    expect(resting).toMatchObject({ status: 1 })
    const orderId = BigInt((resting.data as { id: string }).id)
    const held = await holdingRow(id)
    const booksBefore = await books(t, name, 'JPY')
    const ex = tomorrow(t)
    const emitted: { userId: bigint; type: string }[] = []
    const job = actionsJobAt(
      t,
      handClock(hourInto('jp', ex)),
      () => [action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 2 })],
      1000,
      emitted,
    )
    await job.runOnce()
    const after = await holdingRow(id)
    expect(after.stock_num).toBe(200n)
    expect(after.buy_price).toBe(held.buy_price / 2n)
    expect(after.buy_cost ?? after.buy_price * after.stock_num).toBe(
      held.buy_cost ?? held.buy_price * held.stock_num,
    )
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const listing = listingByCode(TOYOTA)!
    expect(order).toMatchObject({ num: 200n, status: 'open' })
    expect(order.price).toBe(BigInt(roundUnitsToTick(listing, Number(limit) / 2, 'down')))
    expect(emitted).toContainEqual({ userId, type: 'order:updated' })
    expect(await books(t, name, 'JPY')).toEqual(booksBefore)
    const splits = await brokerData<WireSplit[]>(t.url, '/user/splits', { type: 'jpy' }, session(g))
    expect(splits).toContainEqual({
      holding_id: String(id),
      code: TOYOTA,
      ex_date: ex,
      ratio: '2',
      shares_before: 100,
      shares_after: 200,
      cash_in_lieu: '0',
    })
    // Run again: nothing moves twice.
    await job.runOnce()
    expect((await holdingRow(id)).stock_num).toBe(200n)
  })

  it('pays cash in lieu of a reverse split fraction at the last close', async () => {
    const { name, id } = await holder(APPLE, 'usd', '7')
    const held = await holdingRow(id)
    const cost = held.buy_cost ?? held.buy_price * held.stock_num
    const before = await books(t, name, 'USD')
    const ex = tomorrow(t, 'us')
    const job = actionsJobAt(
      t,
      handClock(hourInto('us', ex)),
      () => [action({ code: APPLE, market: 'us', kind: 'split', exDate: ex, ratio: 0.2 })],
      100,
    )
    await job.runOnce()
    const after = await holdingRow(id)
    expect(after.stock_num).toBe(1n)
    expect(after.buy_cost).toBe(cost - (cost * 2n) / 7n)
    // Two old shares of the seven at $100.
    expect((await books(t, name, 'USD')).available).toBe(before.available + 200n * 10_000n)
  })

  it("sells a taxable holding's reverse split fraction for the tax, a NISA one's untaxed", async () => {
    const taxed = await holder()
    const nisa = await nisaHolder(t, account())
    const held = await holdingRow(taxed.id)
    // 1 new share for 3 old: of 100, one is paid at a last close ¥500 over the buy.
    const close = held.buy_price / YEN + 500n
    const paid = (held.buy_cost ?? held.buy_price * 100n) + held.buy_fee
    const cost = (paid * 2n + 100n) / 200n
    const gain = close * YEN - cost
    const due = dueOn(gain)
    const [before, nisaBefore] = [
      await books(t, taxed.name, 'JPY'),
      await books(t, nisa.name, 'JPY'),
    ]
    const ex = addDays(tomorrow(t), 2)
    const split = action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 1 / 3 })
    const job = actionsJobAt(t, handClock(hourInto('jp', ex)), () => [split], Number(close))
    await job.runOnce()
    const [after, nisaAfter] = [await books(t, taxed.name, 'JPY'), await books(t, nisa.name, 'JPY')]
    expect(after.available).toBe(before.available + close * YEN - due.national - due.local)
    expect(nisaAfter.available).toBe(nisaBefore.available + close * YEN)
    const y = Number(ex.slice(0, 4))
    const s = await summary(t, taxed.g, y)
    expect(s).toMatchObject({ gains: wire(gain), withheld_local: wire(due.local) })
    expect(s.withheld_national).toBe(wire(due.national))
    const tax = wire(due.national + due.local)
    expect(s.lines).toEqual([
      { at: hourInto('jp', ex), kind: 'sale', code: TOYOTA, amount: wire(gain), tax },
    ])
    expect((await summary(t, nisa.g, y)).lines).toEqual([])
    const report = await fileOf(t, taxed.g, '/user/annualReport', {
      year: String(y),
      format: 'csv',
    })
    expect(csvRows(report.text).filter((r) => r.type === 'sale')).toMatchObject([
      { shares: '1', proceeds: wire(close * YEN), cost: wire(cost), gain: wire(gain) },
    ])
    const exported = await fileOf(t, taxed.g, '/user/ledgerExport', { type: 'jpy' })
    const lines = csvRows(exported.text).filter((l) => l.detail)
    expect(lines.map((l) => [l.kind, l.amount, parseDetail(l.detail ?? '')?.fields.gain])).toEqual([
      ['split_cash', wire(close * YEN), wire(gain)],
      ['tax_withheld', wire(-(due.national + due.local)), undefined],
    ])
    // Run again: the step is done, nothing is written twice.
    const counts = [await ledgerCount(), await taxEvents()]
    await job.runOnce()
    expect([await ledgerCount(), await taxEvents()]).toEqual(counts)
    expect(await books(t, taxed.name, 'JPY')).toEqual(after)
  })
})
