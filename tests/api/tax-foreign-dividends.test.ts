import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@kabu/shared/market/iso-date'
import { parseDetail, units } from '@kabu/shared/tax/ledger-detail'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from './actions.support'
import {
  APPLE,
  books,
  buy,
  lastUnits,
  sell,
  startTradingApp,
  trader,
  userIdOf,
} from './trading.support'
import { centsCovering, csvRows, dueOn, fileOf, summary, wire, yenOf } from './tax.support'

/**
 * Issue 36: a US dividend in 特定口座 源泉徴収あり joins the year's yen netting through the real
 * gateway on both stores, as a US sale does (tax-foreign.test.ts): the US tax at source first
 * (10 %, cut to the cent), the rest in yen at the mid rate of the payment's instant, 20.315 % of
 * the year's rise withheld in dollars (each part rounded up to the cent), the rate on its event and
 * in the ledger export; a loss earlier in the year lowers it, a later loss refunds it in yen; in
 * NISA only the tax at source is taken.
 */
let t: TestApp
let n = 0
const account = () => `taxfd${++n}x${Date.now() % 100000}`
let exOffset = 0

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const CENT = 100n
const CASH = 2.5
/** The gateway's mid rate, yen per dollar, at an instant: the rate it netted with. */
const yenPerUsd = (at: number) => t.app.broker.funds.fx.rateAt('USD', 'JPY', at)
const house = (book: 'tax' | 'tax_local', currency: 'JPY' | 'USD') =>
  t.app.broker.ledger.houseBalance(t.app.db, book, currency)

/** 10 Apple bought now at the market; with `dearer`, made a purchase `dearer` dollars a share above it. */
async function appleLot(g: SessionGrant, dearer = 0n): Promise<bigint> {
  const answer = await buy(t, g, { type: 'usd', code: APPLE, num: '10' })
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 })
  const id = BigInt((answer.data as { id: string }).id)
  if (dearer > 0n) {
    await t.app.db
      .updateTable('holdings')
      .set({ buy_price: lastUnits(t, APPLE) + dearer * 10_000n, buy_cost: null })
      .where('id', '=', id)
      .execute()
    // A refused sell takes the copy of the row its market buy kept (PostgreSQL's one-statement sell).
    expect(await sell(t, g, { id: String(id), num: '1000' })).toMatchObject({ status: 0 })
  }
  return id
}

/** Sells a lot whole at the market: the gain (in yen) its tax event says. */
async function sold(g: SessionGrant, id: bigint) {
  expect(await sell(t, g, { id: String(id), num: '10' })).toMatchObject({ status: 1 })
  const userId = await userIdOf(t, g.account)
  return t.app.db
    .selectFrom('tax_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

/** An Apple dividend of $2.50 a share, ex tomorrow (each call a later one), paid two days on. */
async function payApple(): Promise<number> {
  const ex = addDays(tomorrow(t, 'us'), exOffset)
  exOffset += 3
  const dividend = action({
    code: APPLE,
    market: 'us',
    kind: 'dividend',
    exDate: ex,
    payDate: addDays(ex, 2),
    cash: CASH,
  })
  const clock = handClock(hourInto('us', ex))
  const job = actionsJobAt(t, clock, () => [dividend])
  await job.runOnce()
  const paidAt = hourInto('us', addDays(ex, 2))
  clock.set(paidAt)
  await job.runOnce()
  return paidAt
}

/** The user's dividend rows and tax events of kind dividend, oldest first. */
async function paid(g: SessionGrant) {
  const userId = await userIdOf(t, g.account)
  const rows = await t.app.db
    .selectFrom('dividends')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  const events = await t.app.db
    .selectFrom('tax_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'dividend')
    .orderBy('id')
    .execute()
  return { rows, events }
}

/** What 10 shares' dividend leaves after the US tax at source (10 %, cut to the cent), in dollars. */
const GROSS = 10n * BigInt(CASH * 10_000)
const FOREIGN = ((GROSS * 10n) / (100n * CENT)) * CENT
const AMOUNT = GROSS - FOREIGN

describe('a US dividend in 特定口座 源泉徴収あり', { timeout: 60_000 }, () => {
  it('withholds 20.315 % of its yen at the payment rate in dollars, refunded in yen by a later loss', async () => {
    const g = await trader(t, account())
    const lot = await appleLot(g)
    const usd = (await books(t, g.account, 'USD')).available
    const before = { national: await house('tax', 'USD'), local: await house('tax_local', 'USD') }
    const paidAt = await payApple()
    const rate = yenPerUsd(paidAt)
    const yen = yenOf(AMOUNT, rate)
    // A fresh year: all of it is the rise.
    const due = dueOn(yen)
    expect(due.national).toBeGreaterThan(0n)
    const taken = {
      national: centsCovering(due.national, rate),
      local: centsCovering(due.local, rate),
    }
    const { rows, events } = await paid(g)
    expect(rows).toMatchObject([
      {
        gross: GROSS,
        withheld_foreign: FOREIGN,
        withheld_national: taken.national,
        withheld_local: taken.local,
        net: AMOUNT - taken.national - taken.local,
        status: 'paid',
      },
    ])
    expect(events).toMatchObject([
      {
        currency: 'USD',
        fx_rate: rate,
        gross: yen + yenOf(FOREIGN, rate),
        foreign_tax: yenOf(FOREIGN, rate),
        gain: yen,
        national: due.national,
        local: due.local,
        year_net: yen,
      },
    ])
    expect((await books(t, g.account, 'USD')).available).toBe(
      usd + AMOUNT - taken.national - taken.local,
    )
    expect(await house('tax', 'USD')).toBe(before.national + taken.national)
    expect(await house('tax_local', 'USD')).toBe(before.local + taken.local)
    const y = Number(events[0]?.year)
    expect(await summary(t, g, y)).toMatchObject({ dividends: wire(yen), net: wire(yen) })

    // The dollar wallet's export carries the dividend's yen computation and its rate.
    const exported = await fileOf(t, g, '/user/ledgerExport', { type: 'usd' })
    const detail = csvRows(exported.text)
      .map((l) => parseDetail(l.detail ?? ''))
      .find((d) => d?.kind === 'dividend')
    expect(detail?.fields.rate).toBe(rate)
    expect(units(detail?.fields ?? {}, 'national')).toBe(due.national)
    expect(units(detail?.fields ?? {}, 'net')).toBe(yen - due.national - due.local)

    // A loss later in the year (a lot $40 a share dearer, sold at the market) gives it back in yen.
    const jpy = (await books(t, g.account, 'JPY')).available
    const loss = await sold(g, await appleLot(g, 40n))
    expect(loss.gain).toBeLessThan(-yen)
    expect([loss.national, loss.local]).toEqual([-due.national, -due.local])
    expect((await books(t, g.account, 'JPY')).available).toBe(jpy + due.national + due.local)
    expect(lot).toBeGreaterThan(0n)
  })

  it('withholds less after a foreign-sale loss earlier in the year (one netting)', async () => {
    const g = await trader(t, account())
    // A loss of a few dollars: $1 a share dearer than the market, and the fees.
    const loss = await sold(g, await appleLot(g, 1n))
    expect(loss.gain).toBeLessThan(0n)
    await appleLot(g)
    const paidAt = await payApple()
    const rate = yenPerUsd(paidAt)
    const yen = yenOf(AMOUNT, rate)
    const { rows, events } = await paid(g)
    const sameYear = Number(events[0]?.year) === Number(loss.year)
    expect(sameYear).toBe(true)
    // What the year owes on the loss and the dividend together: less than on the dividend alone.
    const due = dueOn(loss.year_net + yen)
    expect(loss.year_net + yen).toBeGreaterThan(0n)
    expect(due.national).toBeLessThan(dueOn(yen).national)
    expect(events).toMatchObject([
      { fx_rate: rate, gain: yen, national: due.national, year_net: loss.year_net + yen },
    ])
    expect(rows).toMatchObject([
      {
        withheld_foreign: FOREIGN,
        withheld_national: centsCovering(due.national, rate),
        withheld_local: centsCovering(due.local, rate),
      },
    ])
  })

  it('in 源泉徴収なし keeps the withholding at source, its event in yen at the payment rate', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const form = { kind: 'tokutei', fund_password: FUND_PASSWORD }
    expect(await brokerApi(t.url, '/user/taxAccount', form, session(g))).toMatchObject({
      status: 1,
    })
    await appleLot(g)
    const rate = yenPerUsd(await payApple())
    // 15.315 % and 5 % of the dollars after the US tax, cut to the cent, as every taxable kind had.
    const national = ((AMOUNT * 15_315n) / (100_000n * CENT)) * CENT
    const local = ((AMOUNT * 5n) / (100n * CENT)) * CENT
    const { rows, events } = await paid(g)
    expect(rows).toMatchObject([
      { withheld_national: national, withheld_local: local, net: AMOUNT - national - local },
    ])
    expect(events).toMatchObject([
      {
        account: 'tokutei',
        fx_rate: rate,
        gain: yenOf(AMOUNT, rate),
        national: yenOf(national, rate),
        local: yenOf(local, rate),
        year_net: 0n,
      },
    ])
  })

  // The app's NISA buys Japanese stocks only (shared/tax/nisa.ts nisaEligible): the foreign row is
  // moved into NISA here, which checks the tax's reach (inTaxableAccount), not NISA's rules.
  it('takes only the US tax at source in NISA', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const opened = await brokerApi(
      t.url,
      '/user/nisaOpen',
      { fund_password: FUND_PASSWORD },
      session(g),
    )
    expect(opened).toMatchObject({ status: 1 })
    const id = await appleLot(g)
    await t.app.db.updateTable('holdings').set({ account: 'nisa' }).where('id', '=', id).execute()
    const usd = (await books(t, g.account, 'USD')).available
    await payApple()
    const { rows, events } = await paid(g)
    expect(rows).toMatchObject([
      {
        account: 'nisa',
        withheld_foreign: FOREIGN,
        withheld_national: 0n,
        withheld_local: 0n,
        net: AMOUNT,
      },
    ])
    expect(events).toEqual([])
    expect((await books(t, g.account, 'USD')).available).toBe(usd + AMOUNT)
  })
})
