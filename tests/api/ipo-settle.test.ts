import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { IPO_EVENT_TYPES } from '@kabu/shared/api/ipo'
import type { TestApp } from '../support/app'
import type { SessionGrant } from '@kabu/shared/api/user'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  DAY,
  T0,
  applicationOf,
  idem,
  applicant,
  books,
  createOffer,
  drawNow,
  eventually,
  inbox,
  settle,
  startIpoApp,
  subscribe,
  userEventsOf,
} from './ipo.support'
import { ops } from './funds.support'
import { selfFreeze } from './trust.support'

/**
 * Won new shares after the draw, against a real gateway: paid from available cash and listed as a
 * holding (then a market like any other), or waived, by the user or by the job after the deadline.
 */

let t: TestApp
let n = 0
const account = () => `is${Date.now() % 100000}${n++}`
const units = (yen: number) => BigInt(yen) * 10_000n
const rowOf = (g: SessionGrant, offerId: string) => applicationOf(t, g, offerId)

beforeAll(async () => {
  t = await startIpoApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(T0)
  await expectLedgerConsistent(t.app.db)
})

describe('paying, waiving and listing', () => {
  async function wonApplication(code: string) {
    t.app.clock.set(T0)
    const offer = await createOffer(t, { code, lots_offered: 10 })
    const g = await applicant(t, account(), '1000000')
    await subscribe(t, g, { id: offer.id, num: '200' })
    t.app.clock.set(T0 + DAY)
    await drawNow(t, offer.id)
    const row = await rowOf(g, offer.id)
    expect(row).toMatchObject({ status: 2, won_num: 200, pay_amount: '200000' })
    return { offer, g, row }
  }

  it('pays from available cash, once, and lists the shares as a holding on listing day', async () => {
    const { offer, g, row } = await wonApplication('T009')
    const form = { id: row.id }
    const paid = await settle(t, g, 'newstockPay', { ...form, fund_password: 'wrong0' })
    expect(paid).toMatchObject({ status: 0, msg: 'wrong_fund_password' })
    expect(await settle(t, g, 'newstockPay', form)).toMatchObject({ status: 1, msg: 'purchase_ok' })
    expect(await settle(t, g, 'newstockPay', form)).toMatchObject({ msg: 'ipo_not_payable' })
    expect(await settle(t, g, 'newstockWaive', form)).toMatchObject({ msg: 'ipo_not_payable' })
    expect(await books(t, g.account)).toMatchObject({ available: units(800000), frozen: 0n })
    expect((await rowOf(g, offer.id)).status).toBe(4)

    t.app.clock.set(T0 + 5 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    const listed = await rowOf(g, offer.id)
    expect(listed.holding_id).not.toBeNull()
    const holdings = await brokerData<Record<string, { code: string; stock_num: number }>>(
      t.url,
      '/trade/userstocklist',
      { type: 'jpy' },
      session(g),
    )
    const holding = Object.values(holdings).find((h) => h.code === 'T009')
    expect(holding).toMatchObject({ stock_num: 200 })
    // A second pass lists nothing twice.
    await t.app.broker.ipo.jobs.runOnce()
    expect((await rowOf(g, offer.id)).holding_id).toBe(listed.holding_id)
  })

  it('makes the listed code a market like any other: quoted from the offer price, sold as usual', async () => {
    const { offer, g, row } = await wonApplication('T012')
    expect(await settle(t, g, 'newstockPay', { id: row.id })).toMatchObject({
      status: 1,
      msg: 'purchase_ok',
    })
    expect(t.app.market.snapshot('T012')).toBeUndefined()
    expect(t.app.market.listing('T012')).toBeUndefined()

    t.app.clock.set(T0 + 5 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    // The first day trades from the offer price (its reference for the limits), its open gapped
    // by the offer's first-day move.
    const first = t.app.market.snapshot('t012')
    expect(first).toMatchObject({ code: 'T012', kind: 'stock', prevClose: 1000 })
    expect(first?.open).not.toBe(1000)
    expect(first?.limitUp).toBeGreaterThan(1000)
    expect(t.app.market.listing('T012')?.name.en).toBe('Test Offer')
    expect(t.app.market.search('T012')[0]?.code).toBe('T012')
    const bars = await fetch(`${t.url}/api/market/bars?code=T012&interval=1d`).then((r) => r.json())
    expect(bars).toMatchObject({ status: 1 })

    // The holding sells under the usual rules: the 15-minute lock counts from the listing.
    const holdingId = (await rowOf(g, offer.id)).holding_id ?? ''
    const sell = () =>
      brokerApi(t.url, '/trade/sell', { id: holdingId, num: '200', idem: idem() }, session(g))
    expect(await sell()).toMatchObject({ msg: 'sell_after_15_minutes' })
    t.app.clock.set(T0 + 5 * DAY + 16 * 60_000)
    expect(await sell()).toMatchObject({ status: 1 })
  })

  // Issue 34 item 8: a listed share kept the unit it was subscribed in (here 500) as its lot.
  it('trades the listed share in its market’s lot, not the unit it was subscribed in', async () => {
    t.app.clock.set(T0)
    const offer = await createOffer(t, {
      code: 'T015',
      lot: 500,
      per_user_limit: 500,
      lots_offered: 10,
    })
    const g = await applicant(t, account(), '2000000')
    expect(await subscribe(t, g, { id: offer.id, num: '500' })).toMatchObject({ status: 1 })
    t.app.clock.set(T0 + DAY)
    await drawNow(t, offer.id)
    const row = await rowOf(g, offer.id)
    expect(await settle(t, g, 'newstockPay', { id: row.id })).toMatchObject({ status: 1 })
    // Monday 10:00 in Tokyo, the week after the listing: a session.
    t.app.clock.set(T0 + 6 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    expect(t.app.market.listing('T015')?.lot).toBe(100)
    // The order ticket reads a new share's lot from the search (realtime/listing-facts.ts).
    const found = (await fetch(`${t.url}/api/market/search?q=T015`).then((r) => r.json())) as {
      data: { code: string; lot: number }[]
    }
    expect(found.data.find((l) => l.code === 'T015')).toMatchObject({ lot: 100 })
    const order = (num: string) =>
      brokerApi(t.url, '/trade/buy', { type: 'jpy', code: 'T015', num, idem: idem() }, session(g))
    expect(await order('150')).toMatchObject({ status: 0, msg: 'lot_size' })
    expect(await order('100')).toMatchObject({ status: 1 })
  })

  // Issue 34's audit: a won application was paid (purchase_ok) while its owner had frozen
  // trading and while the back office barred them, which /trade/subscribe refuses.
  it('refuses payment while the owner froze trading or is barred from it, moving nothing', async () => {
    const frozen = await wonApplication('T013')
    expect((await selfFreeze(t, frozen.g, 'all')).status).toBe(1)
    const barred = await wonApplication('T014')
    expect((await ops(t, 'POST', `/users/${barred.g.account}/bar-trading`)).status).toBe(1)
    const before = await books(t, frozen.g.account)
    expect(await settle(t, frozen.g, 'newstockPay', { id: frozen.row.id })).toMatchObject({
      status: 0,
      msg: 'self_frozen_trading',
    })
    expect(await settle(t, barred.g, 'newstockPay', { id: barred.row.id })).toMatchObject({
      status: 0,
      msg: 'trading_barred',
    })
    expect(await books(t, frozen.g.account)).toEqual(before)
    expect((await rowOf(frozen.g, frozen.offer.id)).status).toBe(2)
    expect((await rowOf(barred.g, barred.offer.id)).status).toBe(2)
    // Giving the shares up is never held (shared/src/api/freeze-covers.ts).
    expect(await settle(t, frozen.g, 'newstockWaive', { id: frozen.row.id })).toMatchObject({
      status: 1,
    })
    // Lifted, the bar no longer holds the payment.
    expect((await ops(t, 'POST', `/users/${barred.g.account}/restore`)).status).toBe(1)
    expect(await settle(t, barred.g, 'newstockPay', { id: barred.row.id })).toMatchObject({
      status: 1,
      msg: 'purchase_ok',
    })
  })

  // Issue 34 item 6: the unpaid were recorded as waived (6) and read "you declined".
  it('waives on request, refuses others and the deadline, and lapses the unpaid after it', async () => {
    const { g, row } = await wonApplication('T010')
    const stranger = await applicant(t, account())
    expect(await settle(t, stranger, 'newstockPay', { id: row.id })).toMatchObject({
      msg: 'not_found',
    })
    expect(await settle(t, g, 'newstockWaive', { id: row.id })).toMatchObject({ status: 1 })
    expect((await rowOf(g, row.offer_id)).status).toBe(6)

    const late = await wonApplication('T011')
    t.app.clock.set(T0 + 3 * DAY + 1)
    expect(await settle(t, late.g, 'newstockPay', { id: late.row.id })).toMatchObject({
      msg: 'ipo_not_payable',
    })
    const listening = await userEventsOf(t, late.g, IPO_EVENT_TYPES)
    await t.app.broker.ipo.jobs.runOnce()
    expect((await rowOf(late.g, late.row.offer_id)).status).toBe(7)
    expect(await books(t, late.g.account)).toMatchObject({ available: units(1000000) })
    // The job tells the user as the draw does: the `/user` event, and a message in the inbox.
    await eventually(() => listening.events.length > 0)
    listening.socket.close()
    expect(listening.events).toEqual([
      {
        type: 'ipo:waived',
        id: late.row.offer_id,
        code: 'T011',
        application: late.row.id,
        status: 7,
      },
    ])
    expect((await inbox(t, late.g)).list[0]).toMatchObject({
      title: 'ipo.waived.title',
      summary: 'ipo.waived.summary',
      params: { code: 'T011', num: '200' },
    })
    // A second pass lapses nothing twice and tells nobody again.
    await t.app.broker.ipo.jobs.runOnce()
    expect(
      (await inbox(t, late.g)).list.filter((m) => m.title === 'ipo.waived.title'),
    ).toHaveLength(1)
  })
})
