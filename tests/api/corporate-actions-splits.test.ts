import { describe, expect, it } from 'vitest'
import type { WireSplit } from '@kabu/shared/api/actions'
import { addDays } from '@kabu/shared/market/iso-date'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { formatUnits } from '@kabu/shared/money/decimal'
import { parseDetail } from '@kabu/shared/tax/ledger-detail'
import { brokerData, session } from '../support/broker'
import {
  action,
  actionsJobAt,
  handClock,
  holdingRow,
  hourInto,
  nisaHolder,
  tomorrow,
} from './actions.support'
import {
  account,
  actionsAppOfThisFile,
  holder,
  ledgerCount,
  taxEvents,
  YEN,
} from './corporate-actions.support'
import { csvRows, dueOn, fileOf, summary, wire } from './tax.support'
import { APPLE, books, buy, restingLimit, TOYOTA } from './trading.support'

/** Splits and reverse splits reaching holders (corporate-actions-dividends.test.ts: dividends). */

const t = actionsAppOfThisFile()

describe('splits', () => {
  it('doubles shares and halves the price of a 2:1 split, keeping the cost, and adjusts a resting buy', async () => {
    const { g, name, userId, id } = await holder(t)
    const limit = restingLimit(t)
    const resting = await buy(t, g, { price: formatUnits(limit), num: '100' })
    expect(resting).toMatchObject({ status: 1 })
    const orderId = BigInt((resting.data as { id: string }).id)
    const held = await holdingRow(t, id)
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
    const after = await holdingRow(t, id)
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
    expect((await holdingRow(t, id)).stock_num).toBe(200n)
  })

  it('pays cash in lieu of a reverse split fraction at the last close', async () => {
    const { name, id } = await holder(t, APPLE, 'usd', '7')
    const held = await holdingRow(t, id)
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
    const after = await holdingRow(t, id)
    expect(after.stock_num).toBe(1n)
    expect(after.buy_cost).toBe(cost - (cost * 2n) / 7n)
    // Two old shares of the seven at $100.
    expect((await books(t, name, 'USD')).available).toBe(before.available + 200n * 10_000n)
  })

  it("sells a taxable holding's reverse split fraction for the tax, a NISA one's untaxed", async () => {
    const taxed = await holder(t)
    const nisa = await nisaHolder(t, account())
    const held = await holdingRow(t, taxed.id)
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
    const counts = [await ledgerCount(t), await taxEvents(t)]
    await job.runOnce()
    expect([await ledgerCount(t), await taxEvents(t)]).toEqual(counts)
    expect(await books(t, taxed.name, 'JPY')).toEqual(after)
  })
})
