import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireDividend } from '@kabu/shared/api/actions'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { brokerData, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import {
  accounts,
  bookValue,
  GROWTH_YEAR,
  holding,
  idOf,
  investor,
  name,
  openNisa,
  startAtYearEnd,
  YEN,
} from './accounts.support'
import { action, actionsJobAt, handClock, hourInto } from './actions.support'
import { advance, books, buy, MINUTE, sell, TOYOTA, trader } from './trading.support'

/**
 * What comes back into an account (issue 36 point 3) over HTTP, on a gateway whose clock starts on
 * December 30th in Tokyo, so that a test can walk into the next year: dividends net of each
 * account's tax, a reverse split's fraction paid tax-free, and a NISA sale's book value back only
 * next year (accounts-rules.test.ts: what an account allows).
 */

let t: TestApp

beforeAll(async () => {
  t = await startAtYearEnd()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

describe('dividends by account', () => {
  it('pays a NISA holding without Japanese tax and a taxable one net of 20.315 %', async () => {
    const g = await investor(t)
    expect(await buy(t, g, { account: 'nisa' })).toMatchObject({ status: 1 })
    expect(await buy(t, g, { num: '200' })).toMatchObject({ status: 1 })
    const ex = addDays(localDate('jp', t.app.clock.now()), 1)
    const dividend = action({
      code: TOYOTA,
      kind: 'dividend',
      exDate: ex,
      payDate: addDays(ex, 2),
      cash: 50.5,
    })
    const clock = handClock(hourInto('jp', ex))
    const job = actionsJobAt(t, clock, () => [dividend])
    await job.runOnce()
    clock.set(hourInto('jp', addDays(ex, 2)))
    await job.runOnce()
    const rows = await brokerData<WireDividend[]>(t.url, '/user/dividends', {}, session(g))
    // NISA: ¥5,050 whole. Taxable: ¥10,100, 15.315 % = 1,546.8… → 1,546, 5 % = 505.
    expect(
      rows.map(({ account, gross, withheld_national, withheld_local, net, status }) => ({
        account,
        gross,
        withheld_national,
        withheld_local,
        net,
        status,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          account: 'nisa',
          gross: '5050',
          withheld_national: '0',
          withheld_local: '0',
          net: '5050',
          status: 'paid',
        },
        {
          account: 'tokutei_withholding',
          gross: '10100',
          withheld_national: '1546',
          withheld_local: '505',
          net: '8049',
          status: 'paid',
        },
      ]),
    )
    expect(rows).toHaveLength(2)
  })
})

describe('a reverse split of a NISA holding', () => {
  it("pays the fraction in cash, tax-free, and gives its book value back to next year's room", async () => {
    const who = name()
    const g = await trader(t, who, undefined, { verified: true })
    expect(await openNisa(t, g)).toMatchObject({ status: 1 })
    const id = idOf(await buy(t, g, { account: 'nisa' }))
    const cost = await bookValue(t, id)
    const before = await books(t, who, 'JPY')
    const ex = addDays(localDate('jp', t.app.clock.now()), 1)
    // 1 new share for 3 old: 100 shares keep 33, the 100th is paid at the last close (¥1,000).
    const split = action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 1 / 3 })
    await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [split], 1000).runOnce()
    const after = await holding(t, id)
    expect(after).toMatchObject({ stock_num: 33n, account: 'nisa' })
    const fractionCost = cost / 100n
    expect(await bookValue(t, id)).toBe(cost - fractionCost)
    // Whole: a NISA fraction's gain is not taxed.
    expect((await books(t, who, 'JPY')).available).toBe(before.available + 1_000n * YEN)
    expect((await accounts(t, g)).nisa).toMatchObject({
      growth_used: formatUnits(cost),
      lifetime_used: formatUnits(cost),
      returns_next_year: formatUnits(fractionCost),
    })
  })
})

// Last: it walks the gateway's clock into next year.
describe('a NISA sale', () => {
  it("gives its book value back to the lifetime room from next year, never to this year's", async () => {
    const g = await investor(t)
    const id = idOf(await buy(t, g, { account: 'nisa', num: '200' }))
    const cost = await bookValue(t, id)
    await advance(t, 16 * MINUTE)
    // Half first (the holding splits, each part with its share of the cost), then the rest.
    expect(await sell(t, g, { id })).toMatchObject({ status: 1 })
    expect((await accounts(t, g)).nisa.returns_next_year).toBe(formatUnits(cost / 2n))
    expect(await sell(t, g, { id })).toMatchObject({ status: 1 })
    const year = Number(localDate('jp', t.app.clock.now()).slice(0, 4))
    expect((await accounts(t, g)).nisa).toMatchObject({
      year,
      growth_used: formatUnits(cost),
      lifetime_used: formatUnits(cost),
      returns_next_year: formatUnits(cost),
      growth_room: formatUnits(GROWTH_YEAR - cost),
    })
    t.app.clock.set(epochAtLocal('jp', `${year + 1}-01-05`, 10 * 60))
    expect((await accounts(t, g)).nisa).toMatchObject({
      year: year + 1,
      growth_used: '0',
      lifetime_used: '0',
      returns_next_year: '0',
      growth_room: '2400000',
    })
  })
})
