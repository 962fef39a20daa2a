import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@kabu/shared/market/iso-date'
import { parseUnits } from '@kabu/shared/money/decimal'
import { parseDetail, units } from '@kabu/shared/tax/ledger-detail'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { brokerData } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from './actions.support'
import { sell, startTradingApp, TOYOTA, trader } from './trading.support'
import { csvRows, dueOn, fileOf, lotAt, reportAndLedger, summary, wire, YEN } from './tax.support'

/**
 * Issue 36's tax in 特定口座 源泉徴収あり through the real gateway on both stores: a gain withholds
 * 15.315 % and 5 % of the year's net apart, a later loss refunds, a dividend joins the netting
 * (withheld less against a loss, refunded by a later one), a new Tokyo year (the ops clock) starts
 * afresh, and the annual report is what the ledger export's lines say.
 */
const TOKEN = 'tax-ops-token-of-the-test'
let t: TestApp
let n = 0
const account = () => `tax${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0', OPS_TOKEN: TOKEN, ACTIONS_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const year = () => Number(new Date(t.app.clock.now() + 9 * 3_600_000).toISOString().slice(0, 4))
const row = (id: bigint) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const house = (book: 'tax' | 'tax_local') => t.app.broker.ledger.houseBalance(t.app.db, book, 'JPY')

/** Sells the lot whole at the market: its gain against its own cost (the code's only lot). */
async function sold(g: SessionGrant, id: bigint): Promise<bigint> {
  expect(await sell(t, g, { id: String(id), num: '100' })).toMatchObject({ status: 1 })
  const r = await row(id)
  const proceeds = (r.sell_price ?? 0n) * r.stock_num
  return (
    proceeds - (r.sell_fee ?? 0n) - (r.stamp_duty ?? 0n) - r.buy_price * r.stock_num - r.buy_fee
  )
}

const parts = (s: { withheld_national: string; withheld_local: string; refunded: string }) => [
  s.withheld_national,
  s.withheld_local,
  s.refunded,
]

describe('tax in 特定口座 源泉徴収あり', { timeout: 60_000 }, () => {
  it('withholds on a gain, refunds when a later loss lowers the year, and nets a dividend in', async () => {
    const g = await trader(t, account())
    const y = year()
    const [national0, local0] = [await house('tax'), await house('tax_local')]
    const gain = await sold(g, await lotAt(t, g, -200n))
    expect(gain).toBeGreaterThan(0n)
    const due = dueOn(gain)
    let s = await summary(t, g, y)
    expect(s).toMatchObject({
      year: y,
      account: 'tokutei_withholding',
      gains: wire(gain),
      net: wire(gain),
    })
    expect(parts(s)).toEqual([wire(due.national), wire(due.local), '0'])
    expect(s.lines).toEqual([
      expect.objectContaining({
        kind: 'sale',
        code: TOYOTA,
        amount: wire(gain),
        tax: wire(due.national + due.local),
      }),
    ])
    expect(await house('tax')).toBe(national0 + due.national)
    expect(await house('tax_local')).toBe(local0 + due.local)

    // A loss larger than the gain: the year's net falls below zero, all of it comes back.
    const lotId = await lotAt(t, g, 400n)
    const loss = await sold(g, lotId)
    expect(loss).toBeLessThan(-gain)
    s = await summary(t, g, y)
    expect(s).toMatchObject({ losses: wire(-loss), net: wire(gain + loss) })
    expect(parts(s)).toEqual([wire(due.national), wire(due.local), wire(due.national + due.local)])
    expect(s.lines[1]).toMatchObject({ kind: 'refund', tax: wire(-(due.national + due.local)) })
    expect(await house('tax')).toBe(national0)
    // A dividend against the year's loss joins the netting: only what lifts the net above zero is
    // withheld (here nothing, the loss being larger).
    const holding = await lotAt(t, g, 0n)
    const paid = await payDividend(50)
    const divs = await dividendRows(g)
    expect(divs).toMatchObject([{ gross: 5_000n * YEN, withheld_national: 0n, withheld_local: 0n }])
    s = await summary(t, g, y)
    const net = gain + loss + 5_000n * YEN
    expect(s).toMatchObject({ dividends: '5000', net: wire(net) })
    expect(parts(s)).toEqual([
      wire(dueOn(net).national + due.national),
      wire(dueOn(net).local + due.local),
      wire(due.national + due.local),
    ])
    expect(paid).toBe(true)
    expect(holding).toBeGreaterThan(0n)
  })

  it('withholds a dividend at 20.315 % on a level year, then refunds it when a loss follows', async () => {
    const g = await trader(t, account())
    const y = year()
    await lotAt(t, g, 0n)
    await payDividend(30)
    // ¥3,000: 459.45 → 459 national, 150 local.
    let s = await summary(t, g, y)
    expect(parts(s)).toEqual(['459', '150', '0'])
    expect(s.lines[0]).toMatchObject({ kind: 'dividend', amount: '3000', tax: '609' })
    // Sold against the average of both lots: half the dearer lot's premium is its loss.
    await sold(g, await lotAt(t, g, 300n))
    s = await summary(t, g, y)
    const loss = parseUnits(s.lines[1]?.amount ?? '', { signed: true }) ?? 0n
    expect(loss).toBeLessThan(-3_000n * YEN)
    expect(s.lines[1]).toMatchObject({ kind: 'refund', tax: '-609' })
    expect(parts(s)).toEqual(['459', '150', '609'])
    expect(s.net).toBe(wire(3_000n * YEN + loss))
  })

  it('averages the cost of two purchases of the code', async () => {
    const g = await trader(t, account())
    const first = await lotAt(t, g, -100n)
    const second = await lotAt(t, g, 300n)
    const [a, b] = [await row(first), await row(second)]
    const paid = a.buy_price * 100n + a.buy_fee + b.buy_price * 100n + b.buy_fee
    expect(await sell(t, g, { id: String(first), num: '100' })).toMatchObject({ status: 1 })
    const event = await t.app.db
      .selectFrom('tax_events')
      .selectAll()
      .where('sale_tx_id', 'is not', null)
      .where('kind', '=', 'sale')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    // Half the shares at the average, rounded half up: not the first lot's own, cheaper cost.
    expect(event.cost).toBe((paid * 2n * 100n + 200n) / 400n)
    expect(event.cost).toBeGreaterThan(a.buy_price * 100n + a.buy_fee)
    // The last share sold takes what is left: the two sales' costs add up to what was paid.
    expect(await sell(t, g, { id: String(second), num: '100' })).toMatchObject({ status: 1 })
    const last = await t.app.db
      .selectFrom('tax_events')
      .select(['cost', 'basis_drift'])
      .where('kind', '=', 'sale')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(event.cost + last.cost).toBe(paid)
    expect(last.basis_drift).toBe(0n)
  })

  it('writes the annual report the ledger export’s lines recompute, as CSV and a printable page', async () => {
    const g = await trader(t, account())
    const y = year()
    await sold(g, await lotAt(t, g, -150n))
    await lotAt(t, g, 0n)
    await payDividend(20)
    await sold(g, await lotAt(t, g, 80n))
    const csv = await fileOf(t, g, '/user/annualReport', { year: String(y), format: 'csv' })
    expect(csv.http).toBe(200)
    expect(csv.type).toMatch(/^text\/csv/)
    expect([...csv.bytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf])
    const report = csvRows(csv.text)
    const { fromReport, fromLedger, exported } = await reportAndLedger(t, g, y)
    expect(fromReport).toEqual(fromLedger)
    expect(fromLedger.map((l) => l.type)).toEqual(['sale', 'sale', 'dividend'])
    const details = exported.map((l) => parseDetail(l.detail ?? '')).filter((d) => d !== null)
    // The withholding lines' own computation: the tax held after is the tax due on the net after.
    const taxLines = details.filter((d) => d.kind === 'tax')
    expect(taxLines.length).toBeGreaterThan(0)
    for (const { fields: f } of taxLines) {
      const due = dueOn(units(f, 'net_after'))
      expect([units(f, 'due_national'), units(f, 'due_local')]).toEqual([due.national, due.local])
    }
    const withheld = report.find((r) => r.type === 'withheld')
    const sum = (k: 'national' | 'local') =>
      details.reduce(
        (s, d) => s + (d.kind !== 'tax' && units(d.fields, k) > 0n ? units(d.fields, k) : 0n),
        0n,
      )
    expect([withheld?.withheld_national, withheld?.withheld_local]).toEqual([
      wire(sum('national')),
      wire(sum('local')),
    ])
    const page = await fileOf(t, g, '/user/annualReport', {
      year: String(y),
      format: 'html',
      lang: 'en',
    })
    expect(page.type).toMatch(/^text\/html/)
    expect(page.text).toContain('@page { size: A4')
    expect(page.text).toContain('Annual trade report')
    expect(page.text).toContain('Specified account, tax withheld')
    const bad = await fileOf(t, g, '/user/annualReport', { year: String(y), format: 'pdf' })
    expect(JSON.parse(bad.text)).toMatchObject({ status: 0 })
  })

  // Last: it moves the gateway's clock into next year.
  it('starts a new Tokyo year afresh: last year’s gains neither offset nor are refunded', async () => {
    const g = await trader(t, account())
    const y = year()
    const gain = await sold(g, await lotAt(t, g, -300n))
    const held = await summary(t, g, y)
    const next = Date.parse(`${y + 1}-01-05T01:00:00Z`)
    const res = await fetch(`${t.url}/api/ops/clock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(next).toISOString() }),
    })
    expect(res.status).toBe(200)
    // A month on, the session has lapsed: the user logs in again.
    const again = await brokerData<SessionGrant>(t.url, '/user/login', {
      account: g.account,
      password: `pass-${g.account}`,
    })
    Object.assign(g, again)
    await expect.poll(() => t.app.market.isStale(TOYOTA), { timeout: 20_000 }).toBe(false)
    const loss = await sold(g, await lotAt(t, g, 100n))
    expect(loss).toBeLessThan(0n)
    const fresh = await summary(t, g, y + 1)
    expect(fresh).toMatchObject({ year: y + 1, gains: '0', net: wire(loss) })
    expect(parts(fresh)).toEqual(['0', '0', '0'])
    expect(await summary(t, g, y)).toEqual(held)
    expect(held.net).toBe(wire(gain))
    const gain2 = await sold(g, await lotAt(t, g, -400n))
    const due = dueOn(gain2 + loss)
    expect(parts(await summary(t, g, y + 1))).toEqual([wire(due.national), wire(due.local), '0'])
  })
})

let actionN = 0
/** A Toyota dividend of `cash` yen a share: ex tomorrow, paid three days on, by the job. */
async function payDividend(cash: number): Promise<boolean> {
  const ex = tomorrow(t)
  const dividend = action({
    code: TOYOTA,
    kind: 'dividend',
    exDate: ex,
    recordDate: addDays(ex, 1),
    payDate: addDays(ex, 3),
    cash,
  })
  // Each call its own action (the key is code and ex-date): a later ex-date each time.
  const shifted = {
    ...dividend,
    exDate: addDays(ex, actionN),
    recordDate: addDays(ex, actionN + 1),
    payDate: addDays(ex, actionN + 3),
  }
  actionN += 4
  const clock = handClock(hourInto('jp', shifted.exDate))
  const job = actionsJobAt(t, clock, () => [shifted])
  await job.runOnce()
  clock.set(hourInto('jp', shifted.payDate))
  await job.runOnce()
  return true
}

async function dividendRows(g: SessionGrant) {
  const u = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', g.account)
    .executeTakeFirstOrThrow()
  return t.app.db.selectFrom('dividends').selectAll().where('user_id', '=', u.id).execute()
}
