import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsAnswer } from '@kabu/shared/api/accounts'
import type { WireDividend } from '@kabu/shared/api/actions'
import type { WireOrder } from '@kabu/shared/api/orders'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { formatUnits } from '@kabu/shared/money/decimal'
import { createClock } from '../../gateway/src/clock'
import { startTestApp, type TestApp } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { action, actionsJobAt, handClock, hourInto } from './actions.support'
import {
  advance,
  APPLE,
  books,
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
 * Accounts (issue 36 point 3) over HTTP, on a gateway whose clock starts on December 30th in
 * Tokyo, so that a test can walk into the next year: the NISA growth frame's rooms, what is not
 * eligible, two NISA buys racing for one room, a sale's book value back only next year, the
 * taxable kind kept once the year has a taxable sale, and dividends net of each account's tax.
 */

let t: TestApp
let n = 0
const name = () => `acc${++n}x${Date.now() % 100000}`
const YEN = 10_000n
const GROWTH_YEAR = 2_400_000n * YEN

beforeAll(async () => {
  const clock = createClock()
  const year = Number(localDate('jp', Date.now()).slice(0, 4))
  clock.set(epochAtLocal('jp', `${year}-12-30`, 10 * 60))
  t = await startTestApp({ env: { TIME_TRAVEL: '1' }, deps: { clock } })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const accounts = (g: SessionGrant) =>
  brokerData<AccountsAnswer>(t.url, '/user/accounts', {}, session(g))
const call = (g: SessionGrant, path: string, form: Record<string, string>) =>
  brokerApi(t.url, path, form, session(g))
const openNisa = (g: SessionGrant) => call(g, '/user/nisaOpen', { fund_password: FUND_PASSWORD })

/** A verified user with ¥10M (and dollars), NISA opened unless `nisa` is false. */
async function investor(nisa = true) {
  const g = await trader(t, name(), undefined, { verified: true })
  if (nisa) expect(await openNisa(g)).toMatchObject({ status: 1 })
  return g
}

const holding = (id: string) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow()
const bookValue = async (id: string) => {
  const h = await holding(id)
  return h.buy_cost ?? h.buy_price * h.stock_num
}
const idOf = (answer: { data: unknown }) => (answer.data as { id: string }).id

describe('opening NISA', () => {
  it('needs verified identity and the fund password, and opens one account per person', async () => {
    const unverified = await trader(t, name())
    expect(await openNisa(unverified)).toMatchObject({ status: 0, msg: 'realname_required' })
    const g = await investor(false)
    const before = await accounts(g)
    expect(before).toMatchObject({
      tax_account: 'tokutei_withholding',
      tax_account_locked: false,
      nisa: { opened: null, growth_used: '0', growth_limit: '2400000', growth_room: '0' },
    })
    expect(await call(g, '/user/nisaOpen', { fund_password: '000000' })).toMatchObject({
      status: 0,
      msg: 'wrong_fund_password',
    })
    expect(await buy(t, g, { account: 'nisa' })).toMatchObject({ msg: 'nisa_not_opened' })
    expect(await openNisa(g)).toMatchObject({ status: 1 })
    expect(await openNisa(g)).toMatchObject({ status: 0, msg: 'nisa_open_already' })
    const opened = await accounts(g)
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
    const g = await investor()
    const bought = await buy(t, g, { account: 'nisa' })
    expect(bought).toMatchObject({ status: 1 })
    const id = idOf(bought)
    const cost = await bookValue(id)
    expect((await holding(id)).account).toBe('nisa')
    const rows = holdingRows(await openList(t, g))
    expect(rows.find((r) => r.id === id)).toMatchObject({ account: 'nisa' })
    const room = GROWTH_YEAR - cost
    expect((await accounts(g)).nisa).toMatchObject({
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
    expect((await accounts(g)).nisa.growth_used).toBe(formatUnits(cost))
  })

  it('refuses credit, a cover, day trading and codes outside Tokyo', async () => {
    const g = await investor()
    const refused = { status: 0, msg: 'nisa_not_eligible' }
    expect(await buy(t, g, { account: 'nisa', leverage: '2' })).toMatchObject(refused)
    expect(await buy(t, g, { account: 'nisa', type: 'usd', code: APPLE, num: '1' })).toMatchObject(
      refused,
    )
    const short = await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' })
    expect(short).toMatchObject({ status: 1 })
    expect(await buy(t, g, { account: 'nisa', id: idOf(short) })).toMatchObject(refused)
    expect(
      await call(g, '/trade/daytradeApply', {
        type: 'jpy',
        money: '100000',
        idem: idem(),
        account: 'nisa',
      }),
    ).toMatchObject(refused)
    expect((await accounts(g)).nisa.growth_used).toBe('0')
  })

  it('takes exactly the racing limit buys that fit, each reserving its room until it ends', async () => {
    const g = await investor()
    const limit = restingLimit(t)
    const cost = limit * 300n
    const fit = Number(GROWTH_YEAR / cost)
    const form = { account: 'nisa', num: '300', price: formatUnits(limit) }
    const answers = await Promise.all(Array.from({ length: fit + 2 }, () => buy(t, g, form)))
    const placed = answers.filter((a) => a.status === 1)
    expect(placed).toHaveLength(fit)
    for (const a of answers.filter((x) => x.status !== 1)) expect(a.msg).toBe('nisa_limit')
    const seen = (await accounts(g)).nisa
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
    expect(await call(g, '/trade/cancel', { id: idOf(placed[0]!) })).toMatchObject({ status: 1 })
    expect((await accounts(g)).nisa.reserved).toBe(formatUnits(cost * BigInt(fit - 1)))
    expect(await buy(t, g, form)).toMatchObject({ status: 1 })
  })
})

describe('the taxable kind', () => {
  it('changes before the year has a taxable sale, never after; a NISA sale does not count', async () => {
    const g = await investor()
    const chose = (kind: string) =>
      call(g, '/user/taxAccount', { kind, fund_password: FUND_PASSWORD })
    expect(await chose('nothing')).toMatchObject({ status: 0, msg: 'invalid_input' })
    expect(await chose('ippan')).toMatchObject({ status: 1 })
    const nisa = idOf(await buy(t, g, { account: 'nisa' }))
    const taxable = idOf(await buy(t, g, {}))
    await advance(t, 16 * MINUTE)
    expect(await sell(t, g, { id: nisa })).toMatchObject({ status: 1 })
    expect(await chose('tokutei')).toMatchObject({ status: 1 })
    expect(await accounts(g)).toMatchObject({ tax_account: 'tokutei', tax_account_locked: false })
    expect(await sell(t, g, { id: taxable })).toMatchObject({ status: 1 })
    expect(await chose('tokutei_withholding')).toMatchObject({
      status: 0,
      msg: 'tax_account_locked',
    })
    expect(await accounts(g)).toMatchObject({ tax_account: 'tokutei', tax_account_locked: true })
  })
})

describe('dividends by account', () => {
  it('pays a NISA holding without Japanese tax and a taxable one net of 20.315 %', async () => {
    const g = await investor()
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
    expect(await openNisa(g)).toMatchObject({ status: 1 })
    const id = idOf(await buy(t, g, { account: 'nisa' }))
    const cost = await bookValue(id)
    const before = await books(t, who, 'JPY')
    const ex = addDays(localDate('jp', t.app.clock.now()), 1)
    // 1 new share for 3 old: 100 shares keep 33, the 100th is paid at the last close (¥1,000).
    const split = action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 1 / 3 })
    await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [split], 1000).runOnce()
    const after = await holding(id)
    expect(after).toMatchObject({ stock_num: 33n, account: 'nisa' })
    const fractionCost = cost / 100n
    expect(await bookValue(id)).toBe(cost - fractionCost)
    // Whole: a NISA fraction's gain is not taxed.
    expect((await books(t, who, 'JPY')).available).toBe(before.available + 1_000n * YEN)
    expect((await accounts(g)).nisa).toMatchObject({
      growth_used: formatUnits(cost),
      lifetime_used: formatUnits(cost),
      returns_next_year: formatUnits(fractionCost),
    })
  })
})

// Last: it walks the gateway's clock into next year.
describe('a NISA sale', () => {
  it("gives its book value back to the lifetime room from next year, never to this year's", async () => {
    const g = await investor()
    const id = idOf(await buy(t, g, { account: 'nisa', num: '200' }))
    const cost = await bookValue(id)
    await advance(t, 16 * MINUTE)
    // Half first (the holding splits, each part with its share of the cost), then the rest.
    expect(await sell(t, g, { id })).toMatchObject({ status: 1 })
    expect((await accounts(g)).nisa.returns_next_year).toBe(formatUnits(cost / 2n))
    expect(await sell(t, g, { id })).toMatchObject({ status: 1 })
    const year = Number(localDate('jp', t.app.clock.now()).slice(0, 4))
    expect((await accounts(g)).nisa).toMatchObject({
      year,
      growth_used: formatUnits(cost),
      lifetime_used: formatUnits(cost),
      returns_next_year: formatUnits(cost),
      growth_room: formatUnits(GROWTH_YEAR - cost),
    })
    t.app.clock.set(epochAtLocal('jp', `${year + 1}-01-05`, 10 * 60))
    expect((await accounts(g)).nisa).toMatchObject({
      year: year + 1,
      growth_used: '0',
      lifetime_used: '0',
      returns_next_year: '0',
      growth_room: '2400000',
    })
  })
})
