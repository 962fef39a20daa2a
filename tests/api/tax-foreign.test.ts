import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parseDetail, units } from '@kabu/shared/tax/ledger-detail'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from './actions.support'
import { APPLE, books, buy, lastUnits, sell, startTradingApp, trader } from './trading.support'
import { centsCovering, csvRows, dueOn, fileOf, summary, wire, yenOf } from './tax.support'

/**
 * Issue 36: a US listing's sale in 特定口座 源泉徴収あり is netted in yen through the real gateway on
 * both stores. Proceeds and fees at the mid rate of the sale's instant, the lot's cost at the rate of
 * its buy instant (set days back here, so the two rates differ); 20.315 % of the yen gain withheld in
 * dollars (rounded up to the cent), a later loss refunded in yen; a NISA sale untaxed; the summary,
 * the annual report and the ledger export in yen, with the rate.
 */
let t: TestApp
let n = 0
const account = () => `taxfx${++n}x${Date.now() % 100000}`
const DAY = 86_400_000

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const year = () => Number(new Date(t.app.clock.now() + 9 * 3_600_000).toISOString().slice(0, 4))
const row = (id: bigint) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const house = (book: 'tax' | 'tax_local', currency: 'JPY' | 'USD') =>
  t.app.broker.ledger.houseBalance(t.app.db, book, currency)
/** The gateway's mid rate, yen per dollar, at an instant: the rates it netted with. */
const yenPerUsd = (at: bigint | number) => t.app.broker.funds.fx.rateAt('USD', 'JPY', Number(at))

/** 10 Apple bought `days` ago at `tenths` tenths of today's price (market buy, then moved). */
async function usLot(g: SessionGrant, tenths: bigint, days: number): Promise<bigint> {
  const answer = await buy(t, g, { type: 'usd', code: APPLE, num: '10' })
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 })
  const id = BigInt((answer.data as { id: string }).id)
  const price = (lastUnits(t, APPLE) * tenths) / 10n
  const boughtAt = BigInt(Math.round(t.app.clock.now() - days * DAY))
  await t.app.db
    .updateTable('holdings')
    .set({ buy_price: price, buy_cost: null, buy_time: boughtAt })
    .where('id', '=', id)
    .execute()
  // A refused sell takes the copy of the row its market buy kept (PostgreSQL's one-statement sell).
  expect(await sell(t, g, { id: String(id), num: '1000' })).toMatchObject({ status: 0 })
  return id
}

/** Sells the lot whole at the market: its yen figures as the test computes them, and its rates. */
async function soldInYen(g: SessionGrant, id: bigint) {
  expect(await sell(t, g, { id: String(id), num: '10' })).toMatchObject({ status: 1 })
  const r = await row(id)
  const rate = yenPerUsd(r.sell_time ?? 0n)
  const proceeds = yenOf((r.sell_price ?? 0n) * r.stock_num, rate)
  const fees = yenOf((r.sell_fee ?? 0n) + (r.stamp_duty ?? 0n), rate)
  const buyRate = yenPerUsd(r.buy_time ?? 0n)
  const cost = rowYen(r)
  return { rate, buyRate, proceeds, fees, cost, gain: proceeds - fees - cost }
}

/** What a lot cost in yen: its dollars, fee included, at its buy instant's rate. */
const rowYen = (r: {
  buy_price: bigint
  stock_num: bigint
  buy_fee: bigint
  buy_time: bigint | null
}) => yenOf(r.buy_price * r.stock_num + r.buy_fee, yenPerUsd(r.buy_time ?? 0n))

/** The code's sale before event `id` (the year and drift it left), if any. */
const saleBefore = (id: bigint) =>
  t.app.db
    .selectFrom('tax_events')
    .selectAll()
    .where('code', '=', APPLE)
    .where('id', '<', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()

const lastSale = (code: string) =>
  t.app.db
    .selectFrom('tax_events')
    .selectAll()
    .where('code', '=', code)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()

describe('a foreign sale in 特定口座 源泉徴収あり', { timeout: 60_000 }, () => {
  it('withholds 20.315 % of the yen gain in dollars, and refunds a later loss in yen', async () => {
    const g = await trader(t, account())
    const y = year()
    const before = {
      national: await house('tax', 'USD'),
      local: await house('tax_local', 'USD'),
      jpyNational: await house('tax', 'JPY'),
    }
    const gainLot = await usLot(g, 7n, 1.3)
    const usd = (await books(t, g.account, 'USD')).available
    const sale = await soldInYen(g, gainLot)
    expect(sale.buyRate).not.toBe(sale.rate)
    expect(sale.gain).toBeGreaterThan(0n)
    const due = dueOn(sale.gain)
    const event = await lastSale(APPLE)
    expect(event).toMatchObject({
      currency: 'USD',
      fx_rate: sale.rate,
      gross: sale.proceeds,
      fees: sale.fees,
      cost: sale.cost,
      gain: sale.gain,
      national: due.national,
      local: due.local,
    })
    // Taken in dollars, each part rounded up to the cent: never worth less than the yen due.
    const taken = {
      national: centsCovering(due.national, sale.rate),
      local: centsCovering(due.local, sale.rate),
    }
    expect(await house('tax', 'USD')).toBe(before.national + taken.national)
    expect(await house('tax_local', 'USD')).toBe(before.local + taken.local)
    const r = await row(gainLot)
    const netUsd = (r.sell_price ?? 0n) * r.stock_num - (r.sell_fee ?? 0n) - (r.stamp_duty ?? 0n)
    expect((await books(t, g.account, 'USD')).available).toBe(
      usd + netUsd - taken.national - taken.local,
    )
    let s = await summary(t, g, y)
    expect(s).toMatchObject({ gains: wire(sale.gain), net: wire(sale.gain) })
    expect([s.withheld_national, s.withheld_local, s.refunded]).toEqual([
      wire(due.national),
      wire(due.local),
      '0',
    ])

    // A dearer lot sold at a loss larger than the gain: all of it comes back, in yen.
    const jpy = (await books(t, g.account, 'JPY')).available
    const loss = await soldInYen(g, await usLot(g, 16n, 2.1))
    expect(loss.gain).toBeLessThan(-sale.gain)
    expect((await books(t, g.account, 'JPY')).available).toBe(jpy + due.national + due.local)
    expect(await house('tax', 'JPY')).toBe(before.jpyNational - due.national)
    s = await summary(t, g, y)
    expect(s).toMatchObject({ losses: wire(-loss.gain), net: wire(sale.gain + loss.gain) })
    expect(s.refunded).toBe(wire(due.national + due.local))
    expect(s.lines[1]).toMatchObject({ kind: 'refund', code: APPLE, amount: wire(loss.gain) })

    // The annual report's sales are the yen figures, and the dollar wallet's export says them too.
    const csv = await fileOf(t, g, '/user/annualReport', { year: String(y), format: 'csv' })
    const report = csvRows(csv.text)
    const sales = report.filter((l) => l.type === 'sale')
    expect(sales.map((l) => [l.code, l.proceeds, l.cost, l.gain])).toEqual([
      [APPLE, wire(sale.proceeds), wire(sale.cost), wire(sale.gain)],
      [APPLE, wire(loss.proceeds), wire(loss.cost), wire(loss.gain)],
    ])
    // The tax in yen: what was due on the gain withheld, then refunded whole.
    for (const type of ['withheld', 'refunded']) {
      const line = report.find((l) => l.type === type)
      expect([line?.withheld_national, line?.withheld_local]).toEqual([
        wire(due.national),
        wire(due.local),
      ])
    }
    const exported = await fileOf(t, g, '/user/ledgerExport', { type: 'usd' })
    const details = csvRows(exported.text)
      .map((l) => parseDetail(l.detail ?? ''))
      .filter((d) => d?.kind === 'sale')
    expect(details.map((d) => [d?.fields.rate, units(d?.fields ?? {}, 'gain')])).toEqual([
      [sale.rate, sale.gain],
      [loss.rate, loss.gain],
    ])
  })

  it('averages a loss in yen over the open lots, each at its own rate (PostgreSQL: one statement)', async () => {
    const g = await trader(t, account())
    const [sold, kept] = [await usLot(g, 13n, 0.7), await usLot(g, 11n, 1.9)]
    const basis = rowYen(await row(sold)) + rowYen(await row(kept))
    const sale = await soldInYen(g, sold)
    // Half the 20 shares at the average of the two lots' yen costs, rounded half up.
    const cost = (basis * 2n * 10n + 20n) / 40n
    const gain = sale.proceeds - sale.fees - cost
    expect(gain).toBeLessThan(0n)
    // A loss on a year at nothing: nothing withheld or refunded, so on PostgreSQL the sell's one
    // statement writes this event, planned in yen before it.
    expect(await lastSale(APPLE)).toMatchObject({
      user_id: (await row(sold)).user_id,
      fx_rate: sale.rate,
      cost,
      gain,
      national: 0n,
      local: 0n,
      tax_tx_id: null,
    })
    const s = await summary(t, g, year())
    expect(s).toMatchObject({ losses: wire(-gain), withheld_national: '0', refunded: '0' })
  })

  it('nets a reverse split’s fraction of a US lot in yen, withheld in dollars', async () => {
    const g = await trader(t, account())
    const id = await usLot(g, 10n, 1.3)
    const held = await row(id)
    const cost = held.buy_cost ?? held.buy_price * held.stock_num
    // 1 new share for 5 old: of 10, none is a fraction; of 7 (3 sold first), two are paid in cash.
    expect(await sell(t, g, { id: String(id), num: '3' })).toMatchObject({ status: 1 })
    const seven = await row(id)
    const close = held.buy_price / 10_000n + 50n
    const usd = (await books(t, g.account, 'USD')).available
    const ex = tomorrow(t, 'us')
    const split = action({ code: APPLE, market: 'us', kind: 'split', exDate: ex, ratio: 0.2 })
    await actionsJobAt(t, handClock(hourInto('us', ex)), () => [split], Number(close)).runOnce()
    const event = await lastSale(APPLE)
    const [buyRate, rate] = [yenPerUsd(held.buy_time ?? 0n), yenPerUsd(hourInto('us', ex))]
    // The fraction leaves the row its yen before less its yen after (in-yen.ts), so the basis it is
    // averaged in is the row's yen as it was: its 7 shares and the fee, at the buy's rate.
    const sevenCost = seven.buy_cost ?? seven.buy_price * 7n
    // The three shares sold first left the year and the average's drift (in yen) it starts from.
    const before = await saleBefore(event.id)
    const basis = yenOf(sevenCost + seven.buy_fee, buyRate) + before.basis_drift
    const fractionCost = (basis * 2n * 2n + 7n) / 14n
    const gain = yenOf(2n * close * 10_000n, rate) - fractionCost
    const due = dueOn(before.year_net + gain)
    expect(event).toMatchObject({ fx_rate: rate, shares: 2n, cost: fractionCost, gain })
    expect([event.national, event.local]).toEqual([
      due.national - before.year_national,
      due.local - before.year_local,
    ])
    expect(event.national).toBeGreaterThan(0n)
    // Withheld in dollars: what the fraction adds to the year's tax, the three shares' sale having
    // withheld its own when it gained (in-yen.ts taxPosting).
    expect((await books(t, g.account, 'USD')).available).toBe(
      usd +
        2n * close * 10_000n -
        centsCovering(due.national - before.year_national, rate) -
        centsCovering(due.local - before.year_local, rate),
    )
    expect(cost).toBeGreaterThan(0n)
  })

  // The app's NISA buys Japanese stocks only (shared/tax/nisa.ts nisaEligible): the foreign row is
  // moved into NISA here, which checks the tax's reach (inTaxableAccount), not NISA's rules.
  it('does not tax a sale of a foreign stock held in NISA', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const opened = await brokerApi(
      t.url,
      '/user/nisaOpen',
      { fund_password: FUND_PASSWORD },
      session(g),
    )
    expect(opened).toMatchObject({ status: 1 })
    const national = await house('tax', 'USD')
    const id = await usLot(g, 7n, 1.3)
    await t.app.db.updateTable('holdings').set({ account: 'nisa' }).where('id', '=', id).execute()
    expect(await sell(t, g, { id: String(id), num: '10' })).toMatchObject({ status: 1 })
    const s = await summary(t, g, year())
    expect(s).toMatchObject({ gains: '0', net: '0', withheld_national: '0', lines: [] })
    expect(await house('tax', 'USD')).toBe(national)
  })
})
