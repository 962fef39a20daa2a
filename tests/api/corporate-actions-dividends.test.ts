import { describe, expect, it } from 'vitest'
import type { WireDividend } from '@kabu/shared/api/actions'
import { addDays } from '@kabu/shared/market/iso-date'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import { coveringYen, inYen } from '@kabu/shared/tax/foreign-sale'
import { brokerData, session } from '../support/broker'
import { action, actionsJobAt, handClock, holdingRow, hourInto, tomorrow } from './actions.support'
import {
  account,
  actionsAppOfThisFile,
  holder,
  ledgerCount,
  YEN,
} from './corporate-actions.support'
import { dueOn } from './tax.support'
import { APPLE, books, sell, TOYOTA, trader } from './trading.support'

/** Dividends reaching holders of record (corporate-actions-splits.test.ts: splits). */

const t = actionsAppOfThisFile()

const dividends = (g: SessionGrant, type = 'jpy') =>
  brokerData<WireDividend[]>(t.url, '/user/dividends', { type }, session(g))

describe('dividends', () => {
  it('pays a Japanese holder of record on the payment date, 20.315 % withheld, once', async () => {
    const { g, name } = await holder(t)
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

    const count = await ledgerCount(t)
    await job.runOnce()
    await actionsJobAt(t, clock, () => [dividend]).runOnce()
    expect(await ledgerCount(t)).toBe(count)
    expect((await books(t, name, 'JPY')).available).toBe(before.available + 4025n * YEN)
  })

  it('takes the US tax at source first, then 20.315 % of the rest in yen at the payment rate', async () => {
    const { g, name } = await holder(t, APPLE, 'usd', '10')
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
    const debt = (await holdingRow(t, id)).credit_debt
    // Another ex-date than the first test's: each action's steps are done once.
    const ex = addDays(tomorrow(t), 1)
    await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [
      action({ code: TOYOTA, kind: 'dividend', exDate: ex, payDate: addDays(ex, 3), cash: 30 }),
    ]).runOnce()
    // ¥3,000 owed on 100 shares: nothing withheld, nothing taken from cash now.
    expect(await dividends(g)).toMatchObject([
      { shares: 100, gross: '-3000', withheld_national: '0', net: '-3000', status: 'paid' },
    ])
    expect((await holdingRow(t, id)).credit_debt).toBe(debt + 3_000n * YEN)
    expect(await books(t, name, 'JPY')).toEqual({ ...before, credit: before.credit + 3_000n * YEN })
  })

  it('gives nothing to a buyer on the ex-date', async () => {
    const { g } = await holder(t)
    const today = tomorrow(t)
    const ex = addDays(today, -1)
    const job = actionsJobAt(t, handClock(hourInto('jp', today)), () => [
      action({ code: TOYOTA, kind: 'dividend', exDate: ex, payDate: addDays(ex, 3), cash: 10 }),
    ])
    await job.runOnce()
    expect(await dividends(g)).toEqual([])
  })
})
