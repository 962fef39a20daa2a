import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireOrder } from '@kabu/shared/api/orders'
import { holdingRows } from '@kabu/shared/api/trade'
import { localDate } from '@kabu/shared/market/time-zone'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { brokerData, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import {
  accounts,
  bookValue,
  call,
  GROWTH_YEAR,
  holding,
  idOf,
  investor,
  name,
  openNisa,
  startAtYearEnd,
} from './accounts.support'
import {
  advance,
  APPLE,
  buy,
  idem,
  MINUTE,
  openList,
  restingLimit,
  sell,
  TOYOTA,
  trader,
} from './trading.support'

/**
 * What an account allows (issue 36 point 3) over HTTP: opening NISA, the growth frame's room, what
 * is not eligible, two NISA buys racing for one room, and the taxable kind kept once the year has
 * a taxable sale (accounts-returns.test.ts: what comes back into an account).
 */

let t: TestApp

beforeAll(async () => {
  t = await startAtYearEnd()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

describe('opening NISA', () => {
  it('needs verified identity and the fund password, and opens one account per person', async () => {
    const unverified = await trader(t, name())
    expect(await openNisa(t, unverified)).toMatchObject({ status: 0, msg: 'realname_required' })
    const g = await investor(t, false)
    const before = await accounts(t, g)
    expect(before).toMatchObject({
      tax_account: 'tokutei_withholding',
      tax_account_locked: false,
      nisa: { opened: null, growth_used: '0', growth_limit: '2400000', growth_room: '0' },
    })
    expect(await call(t, g, '/user/nisaOpen', { fund_password: '000000' })).toMatchObject({
      status: 0,
      msg: 'wrong_fund_password',
    })
    expect(await buy(t, g, { account: 'nisa' })).toMatchObject({ msg: 'nisa_not_opened' })
    expect(await openNisa(t, g)).toMatchObject({ status: 1 })
    expect(await openNisa(t, g)).toMatchObject({ status: 0, msg: 'nisa_open_already' })
    const opened = await accounts(t, g)
    expect(opened.nisa).toMatchObject({
      opened: localDate('jp', t.app.clock.now()),
      growth_room: '2400000',
      tsumitate_used: '0',
      tsumitate_limit: '1200000',
      lifetime_limit: '18000000',
      growth_lifetime_limit: '12000000',
    })
  })
})

describe('NISA buys', () => {
  it('fills within the growth room into a NISA holding, and refuses past it', async () => {
    const g = await investor(t)
    const bought = await buy(t, g, { account: 'nisa' })
    expect(bought).toMatchObject({ status: 1 })
    const id = idOf(bought)
    const cost = await bookValue(t, id)
    expect((await holding(t, id)).account).toBe('nisa')
    const rows = holdingRows(await openList(t, g))
    expect(rows.find((r) => r.id === id)).toMatchObject({ account: 'nisa' })
    const room = GROWTH_YEAR - cost
    expect((await accounts(t, g)).nisa).toMatchObject({
      growth_used: formatUnits(cost),
      lifetime_used: formatUnits(cost),
      growth_room: formatUnits(room),
    })
    // One lot more than the room takes at today's price (a tick's move cannot make it fit).
    const lot = (cost / 100n) * 100n
    const over = (room / lot + 2n) * 100n
    expect(await buy(t, g, { account: 'nisa', num: String(over) })).toMatchObject({
      status: 0,
      msg: 'nisa_limit',
    })
    // The same buy in the taxable account is only money.
    expect(await buy(t, g, { num: String(over) })).toMatchObject({ status: 1 })
    expect((await accounts(t, g)).nisa.growth_used).toBe(formatUnits(cost))
  })

  it('refuses credit, a cover, day trading and codes outside Tokyo', async () => {
    const g = await investor(t)
    const refused = { status: 0, msg: 'nisa_not_eligible' }
    expect(await buy(t, g, { account: 'nisa', leverage: '2' })).toMatchObject(refused)
    expect(await buy(t, g, { account: 'nisa', type: 'usd', code: APPLE, num: '1' })).toMatchObject(
      refused,
    )
    const short = await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' })
    expect(short).toMatchObject({ status: 1 })
    expect(await buy(t, g, { account: 'nisa', id: idOf(short) })).toMatchObject(refused)
    expect(
      await call(t, g, '/trade/daytradeApply', {
        type: 'jpy',
        money: '100000',
        idem: idem(),
        account: 'nisa',
      }),
    ).toMatchObject(refused)
    expect((await accounts(t, g)).nisa.growth_used).toBe('0')
  })

  it('takes exactly the racing limit buys that fit, each reserving its room until it ends', async () => {
    const g = await investor(t)
    const limit = restingLimit(t)
    const cost = limit * 300n
    const fit = Number(GROWTH_YEAR / cost)
    const form = { account: 'nisa', num: '300', price: formatUnits(limit) }
    const answers = await Promise.all(Array.from({ length: fit + 2 }, () => buy(t, g, form)))
    const placed = answers.filter((a) => a.status === 1)
    expect(placed).toHaveLength(fit)
    for (const a of answers.filter((x) => x.status !== 1)) expect(a.msg).toBe('nisa_limit')
    const seen = (await accounts(t, g)).nisa
    expect(seen.reserved).toBe(formatUnits(cost * BigInt(fit)))
    expect(seen.growth_used).toBe(formatUnits(cost * BigInt(fit)))
    const orders = await brokerData<WireOrder[]>(
      t.url,
      '/trade/orders',
      { type: 'jpy', status: 'open' },
      session(g),
    )
    expect(orders.filter((o) => o.account === 'nisa')).toHaveLength(fit)
    // A cancel gives its reservation back at once.
    expect(await call(t, g, '/trade/cancel', { id: idOf(placed[0]!) })).toMatchObject({ status: 1 })
    expect((await accounts(t, g)).nisa.reserved).toBe(formatUnits(cost * BigInt(fit - 1)))
    expect(await buy(t, g, form)).toMatchObject({ status: 1 })
  })
})

describe('the taxable kind', () => {
  it('changes before the year has a taxable sale, never after; a NISA sale does not count', async () => {
    const g = await investor(t)
    const chose = (kind: string) =>
      call(t, g, '/user/taxAccount', { kind, fund_password: FUND_PASSWORD })
    expect(await chose('nothing')).toMatchObject({ status: 0, msg: 'invalid_input' })
    expect(await chose('ippan')).toMatchObject({ status: 1 })
    const nisa = idOf(await buy(t, g, { account: 'nisa' }))
    const taxable = idOf(await buy(t, g, {}))
    await advance(t, 16 * MINUTE)
    expect(await sell(t, g, { id: nisa })).toMatchObject({ status: 1 })
    expect(await chose('tokutei')).toMatchObject({ status: 1 })
    expect(await accounts(t, g)).toMatchObject({
      tax_account: 'tokutei',
      tax_account_locked: false,
    })
    expect(await sell(t, g, { id: taxable })).toMatchObject({ status: 1 })
    expect(await chose('tokutei_withholding')).toMatchObject({
      status: 0,
      msg: 'tax_account_locked',
    })
    expect(await accounts(t, g)).toMatchObject({ tax_account: 'tokutei', tax_account_locked: true })
  })
})
