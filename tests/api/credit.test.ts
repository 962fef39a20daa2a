import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import { holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import type { UserEvent } from '@kabu/shared/realtime'
import { creditSplit, dailyInterest } from '@kabu/shared/market/credit'
import { addDays } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import { creditJobsAt } from '../support/credit-jobs'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { ops } from './funds.support'
import {
  books,
  buy,
  feeOf,
  idem,
  MINUTE,
  openList,
  restingLimit,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'

const DAY = 86_400_000

let t: TestApp
let n = 0
const account = () => `crd${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp({ REVIEW_POLICY: 'manual', CREDIT_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const interestOf = async (id: string) =>
  (
    await t.app.db
      .selectFrom('holdings')
      .select('credit_interest')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
  ).credit_interest

const holdingOf = async (g: SessionGrant, id: string) =>
  holdingRows(await openList(t, g)).find((h) => h.id === id) as WireHolding

/** A credit buy of 100 Toyota at `leverage`: the holding as listed, and the user's books before. */
async function creditBuy(leverage = '3') {
  const name = account()
  const g = await trader(t, name, undefined, { verified: true })
  const before = await books(t, name, 'JPY')
  const answer = await buy(t, g, { leverage })
  expect(answer).toMatchObject({ status: 1 })
  const { id } = answer.data as { id: string }
  return { g, name, id, before, h: await holdingOf(g, id) }
}

describe('credit buys (leverage on /trade/buy)', () => {
  it('publishes the rules in /common/config', async () => {
    const entries = await brokerData<Array<{ name: string; value: string }>>(
      t.url,
      '/common/config',
      {},
    )
    const config = Object.fromEntries(entries.map((e) => [e.name, e.value]))
    expect(config).toMatchObject({
      leverage_choices: '1,2,3',
      credit_annual_rate: '0.028',
      credit_maintenance_ratio: '0.2',
      credit_call_days: '2',
    })
  })

  it('pays the margin and the fee; the house lends the rest, shown as owed', async () => {
    const { g, name, h, before } = await creditBuy('3')
    const cost = BigInt(Math.round(Number(h.buy_price) * 10_000)) * 100n
    const { margin, debt } = creditSplit(cost, 3, 'jp')
    expect(h).toMatchObject({ leverage: 3, margin: formatUnits(margin), stock_num: 100 })
    expect(h.credit).toMatchObject({ debt: formatUnits(debt), interest: '0', call_deadline: null })
    expect(h.credit?.ratio).toBeCloseTo(33.33, 0)
    const after = await books(t, name, 'JPY')
    expect(after.available).toBe(before.available - margin - feeOf(cost))
    expect(after.credit).toBe(debt)
    const info = await brokerData<Record<string, string>>(
      t.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(g),
    )
    expect(info.jpyyjed).toBe(formatUnits(debt))
  })

  it('refuses what the rules forbid, writing nothing', async () => {
    const name = account()
    // At the least 委託保証金 that opens credit (CREDIT_MIN_MARGIN_JPY), so the funds rule fires.
    const g = await trader(t, name, '300000', { verified: true })
    const before = await books(t, name, 'JPY')
    // Credit borrows from the house: like a loan, only once identity is verified.
    const unverified = account()
    const u = await trader(t, unverified, '1000000')
    const untouched = await books(t, unverified, 'JPY')
    expect(await buy(t, u, { leverage: '2' })).toMatchObject({ msg: 'realname_required' })
    // A cash buy needs no verification (docs/spec-readings.md).
    expect(await buy(t, u, {})).toMatchObject({ status: 1 })
    expect((await books(t, unverified, 'JPY')).credit).toBe(untouched.credit)
    expect(await buy(t, g, { leverage: '5' })).toMatchObject({ msg: 'invalid_input' })
    const below = formatUnits(restingLimit(t))
    expect(await buy(t, g, { leverage: '2', price: below })).toMatchObject({
      msg: 'credit_market_only',
    })
    // ¥300,000 cannot pay half of 1,000 Toyota shares.
    expect(await buy(t, g, { leverage: '2', num: '1000' })).toMatchObject({
      msg: 'insufficient_balance',
    })
    expect(await books(t, name, 'JPY')).toEqual(before)
  })

  it('sells whole, repaying the debt first, and the realised P/L counts every fee', async () => {
    const { g, name, id, h } = await creditBuy('2')
    expect(await sell(t, g, { id, num: '100' })).toMatchObject({ msg: 'sell_after_15_minutes' })
    t.app.clock.set(t.app.clock.now() + 16 * MINUTE)
    const before = await books(t, name, 'JPY')
    const sold = await sell(t, g, { id, num: '100' })
    expect(sold).toMatchObject({ status: 1 })
    const after = await books(t, name, 'JPY')
    expect(after.credit).toBe(0n)
    const debt = BigInt(Math.round(Number(h.credit!.debt) * 10_000))
    const row = await t.app.db
      .selectFrom('holdings')
      .select(['sell_price', 'sell_fee', 'credit_debt'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    expect(row.credit_debt).toBe(0n)
    const proceeds = row.sell_price! * 100n
    expect(after.available - before.available).toBe(proceeds - row.sell_fee! - debt)
  })
})

describe('interest, margin calls and trust funds', () => {
  it('accrues each calendar day once, at 2.8 % a year rounded down, into the debt', async () => {
    const { name, id, h } = await creditBuy('3')
    let debt = BigInt(Math.round(Number(h.credit!.debt) * 10_000))
    const start = t.app.clock.now()
    t.app.clock.set(start + 3 * DAY)
    await t.app.broker.trading.creditJobs.runOnce()
    await t.app.broker.trading.creditJobs.runOnce()
    const accruals = await t.app.db
      .selectFrom('credit_accruals')
      .selectAll()
      .where('holding_id', '=', BigInt(id))
      .orderBy('accrual_date')
      .execute()
    const first = localDate('jp', start)
    expect(accruals.map((a) => a.accrual_date)).toEqual([1, 2, 3].map((d) => addDays(first, d)))
    let total = 0n
    for (const a of accruals) {
      expect(a.amount).toBe(dailyInterest(debt, 'jp'))
      debt += a.amount
      total += a.amount
    }
    expect((await books(t, name, 'JPY')).credit).toBe(debt)
    const row = await t.app.db
      .selectFrom('holdings')
      .select(['credit_debt', 'credit_interest'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ credit_debt: debt, credit_interest: total })
    t.app.clock.set(start)
  })

  it('takes trust funds within the debt, frozen until the review pays the debt down', async () => {
    const { g, name, id, h } = await creditBuy('3')
    const cash = await buy(t, g, {})
    const cashId = (cash.data as { id: string }).id
    const ustocks = (form: Record<string, string>) =>
      brokerApi(t.url, '/trade/ustocks', { idem: idem(), ...form }, session(g))
    expect(await ustocks({ id: cashId, credit: '1000' })).toMatchObject({ msg: 'credit_not_owed' })
    expect(await ustocks({ id, credit: '0' })).toMatchObject({ msg: 'amount_invalid' })
    expect(await ustocks({ id, credit: '1.5' })).toMatchObject({ msg: 'amount_invalid' })
    expect(await ustocks({ id, credit: '99999999' })).toMatchObject({ msg: 'credit_over_debt' })

    const before = await books(t, name, 'JPY')
    const asked = await ustocks({ id, credit: '10000' })
    expect(asked).toMatchObject({ status: 1 })
    const requestId = (asked.data as { id: string }).id
    const list = () =>
      brokerData<WireCreditRequest[]>(t.url, '/trade/ustockslist', { type: 'jpy' }, session(g))
    expect((await list())[0]).toMatchObject({
      id: requestId,
      status: 0,
      credit: '10000',
      code: TOYOTA,
    })
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: before.available - 100_000_000n,
      frozen: before.frozen + 100_000_000n,
    })

    const approved = await ops(t, 'POST', `/reviews/credit/${requestId}/approve`, {})
    expect(approved).toMatchObject({ status: 1 })
    expect((await list())[0]).toMatchObject({ status: 1, applied: '10000' })
    const debt = BigInt(Math.round(Number(h.credit!.debt) * 10_000)) - 100_000_000n
    expect(await books(t, name, 'JPY')).toMatchObject({ frozen: before.frozen, credit: debt })
    expect((await holdingOf(g, id)).credit).toMatchObject({
      debt: formatUnits(debt),
      trust_funds: '10000',
    })

    const second = (await ustocks({ id, credit: '5000' })).data as { id: string }
    await ops(t, 'POST', `/reviews/credit/${second.id}/reject`, { reason: 'test' })
    expect((await list())[0]).toMatchObject({ status: 2, reason: 'test' })
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: before.available - 100_000_000n,
      credit: debt,
    })
  })

  it('calls below 20 %, lifts a met call, and liquidates an unmet one at its deadline', async () => {
    const { name, id, h, g } = await creditBuy('3')
    const userId = await userIdOf(t, name)
    const bought = Number(h.buy_price)
    let price = bought
    const events: UserEvent[] = []
    // The job as the app builds it, reading prices from a market that fell (or recovered).
    const jobs = creditJobsAt(
      t.app,
      () => price,
      (user, event) => user === userId && events.push(event),
    )
    // Down 20 %: equity 13.3 % of value, below 20 %.
    price = Math.round(bought * 0.8)
    await jobs.runOnce()
    const called = await holdingOf(g, id)
    expect(called.credit?.call_deadline).toBeGreaterThan(t.app.clock.now())
    expect(events.at(-1)).toMatchObject({ type: 'credit:call', status: 'called' })
    // Back up: the call is lifted.
    price = bought
    await jobs.runOnce()
    expect((await holdingOf(g, id)).credit?.call_deadline).toBeNull()
    expect(events.at(-1)).toMatchObject({ status: 'met' })
    // Down again, and still down two days later: closed at the last price, the debt repaid first.
    price = Math.round(bought * 0.75)
    await jobs.runOnce()
    const start = t.app.clock.now()
    t.app.clock.set(start + 2 * 86_400_000 + 1)
    const before = await books(t, name, 'JPY')
    const interestBefore = await interestOf(id)
    await jobs.runOnce()
    expect(events.at(-1)).toMatchObject({ status: 'liquidated' })
    // The pass accrued the two days first; the sale repaid the debt with them.
    const repaid = before.credit + (await interestOf(id)) - interestBefore
    const row = await t.app.db
      .selectFrom('holdings')
      .select(['status', 'sell_price', 'sell_fee', 'credit_debt'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 4n, sell_price: BigInt(price) * 10_000n, credit_debt: 0n })
    const after = await books(t, name, 'JPY')
    expect(after.credit).toBe(0n)
    expect(after.available - before.available).toBe(row.sell_price! * 100n - row.sell_fee! - repaid)
    const inbox = await t.app.db
      .selectFrom('messages')
      .select('title')
      .where('user_id', '=', userId)
      .execute()
    expect(inbox.map((m) => m.title)).toEqual(
      expect.arrayContaining([
        'credit.called.title',
        'credit.met.title',
        'credit.liquidated.title',
      ]),
    )
    t.app.clock.set(start)
  })
})
