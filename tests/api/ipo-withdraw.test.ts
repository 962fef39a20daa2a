import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { IpoApplication, IpoOffer } from '@kabu/shared/api/ipo'
import { ipo } from '@kabu/shared/lines/ipo'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerData } from '../support/broker'
import { ops } from './funds.support'
import {
  DAY,
  T0,
  applicant,
  books,
  createOffer,
  drawNow,
  eventually,
  inbox,
  publicDraw,
  records,
  settle,
  startIpoApp,
  subscribe,
  userEventsOf,
  withdrawOffer,
} from './ipo.support'

/**
 * An operator withdraws an offer (上場中止, `POST /api/ops/ipo/:id/cancel`): every application
 * awaiting the draw, won or paid fails (status 5) and its money returns in one ledger posting in
 * the same transaction; the offer shows the reason; each applicant gets a message and an
 * `ipo:withdrawn` event; lost and waived applications stay as they were.
 */

let t: TestApp
let n = 0
const account = () => `iw${Date.now() % 100000}${n++}`
const units = (yen: number) => BigInt(yen) * 10_000n
const rowOf = async (g: SessionGrant, offerId: string) =>
  (await records(t, g)).find((r) => r.offer_id === offerId) as IpoApplication
const info = (g: SessionGrant, id: string) =>
  brokerData<IpoOffer>(t.url, '/trade/newstockinfo', { id }, session(g))

/**
 * The IPO line's ledger transactions, oldest first: what a withdrawal posts. Other areas' jobs
 * (a follow product's funding) post meanwhile on the same gateway and are not this test's business.
 */
async function ledgerKinds(): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('ledger_transactions')
    .select('kind')
    .where('kind', 'in', [...ipo.ledgerKinds])
    .orderBy('id')
    .execute()
  return rows.map((r) => r.kind)
}

beforeAll(async () => {
  t = await startIpoApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(T0)
  await expectLedgerConsistent(t.app.db)
})

describe('POST /api/ops/ipo/:id/cancel', () => {
  it('refuses without the operator token, without a reason, and for unknown offers', async () => {
    const offer = await createOffer(t, { code: 'W001' })
    const res = await fetch(`${t.url}/api/ops/ipo/${offer.id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'x' }),
    })
    expect(res.status).toBe(401)
    const missing = await ops(t, 'POST', `/ipo/${offer.id}/cancel`, {})
    expect(missing).toMatchObject({ http: 400, status: 0 })
    for (const reason of [null, '', '   ', 'x'.repeat(501), 12]) {
      const answer = await withdrawOffer(t, offer.id, reason)
      expect(answer, String(reason)).toMatchObject({ http: 400, status: 0 })
    }
    expect(await withdrawOffer(t, '999999')).toMatchObject({ http: 404, msg: 'not_found' })
    expect(await withdrawOffer(t, 'abc')).toMatchObject({ http: 400, msg: 'not_found' })
    // Nothing was written by the refusals.
    expect((await publicDraw(t, offer.id)).commitment).toBe(offer.commitment)
    const audited = await ops(t, 'GET', `/audit?target=ipo:${offer.id}`)
    const actions = (audited.data as { action: string }[]).map((row) => row.action)
    expect(actions).not.toContain('ipo.cancel')
  })

  it('fails every application awaiting the draw and returns the frozen money in one posting', async () => {
    const offer = await createOffer(t, { code: 'W002' })
    const a = await applicant(t, account(), '1000000')
    const b = await applicant(t, account(), '1000000')
    expect((await subscribe(t, a, { id: offer.id, num: '300' })).status).toBe(1)
    expect((await subscribe(t, b, { id: offer.id, num: '100' })).status).toBe(1)
    expect(await books(t, a.account)).toMatchObject({
      available: units(700000),
      frozen: units(300000),
    })
    const listening = await userEventsOf(t, a, ['ipo:withdrawn'])
    const kindsBefore = await ledgerKinds()

    const answer = await withdrawOffer(t, offer.id, 'Listing approval revoked')
    expect(answer).toMatchObject({
      http: 200,
      status: 1,
      data: { id: offer.id, reason: 'Listing approval revoked', awaiting: 2, pending: 0, paid: 0 },
    })
    // One ledger transaction for every refund.
    const kindsAfter = await ledgerKinds()
    expect(kindsAfter.slice(kindsBefore.length)).toEqual(['ipo_cancel'])
    for (const g of [a, b]) {
      expect(await books(t, g.account)).toMatchObject({ available: units(1000000), frozen: 0n })
      expect(await rowOf(g, offer.id)).toMatchObject({
        status: 5,
        reason: 'Listing approval revoked',
      })
    }
    // The offer shows as withdrawn, with its reason, in its list and its detail.
    expect(await info(a, offer.id)).toMatchObject({
      withdrawn_reason: 'Listing approval revoked',
      withdrawn_at: expect.any(Number) as number,
      drawn: false,
    })
    const listed = await brokerData<IpoOffer[]>(
      t.url,
      '/trade/newstocklist',
      { type: 'jpy', phase: 'subscribing' },
      session(a),
    )
    expect(listed.find((o) => o.id === offer.id)?.withdrawn_reason).toBe('Listing approval revoked')

    // The user hears it and finds a message in the inbox naming the offer, the reason and the refund.
    await eventually(() => listening.events.length > 0)
    listening.socket.close()
    expect(listening.events[0]).toMatchObject({
      type: 'ipo:withdrawn',
      id: offer.id,
      code: 'W002',
      status: 5,
      reason: 'Listing approval revoked',
    })
    const messages = await inbox(t, a)
    expect(messages.list[0]).toMatchObject({
      title: 'ipo.withdrawn.title',
      summary: 'ipo.withdrawn.summary',
      params: {
        code: 'W002',
        reason: 'Listing approval revoked',
        amount: '300,000',
        currency: 'JPY',
      },
    })

    // Audited once; a second withdrawal, an application and a draw are refused.
    const audited = await ops(t, 'GET', `/audit?target=ipo:${offer.id}`)
    const actions = (audited.data as { action: string }[]).map((row) => row.action)
    expect(actions.filter((action) => action === 'ipo.cancel')).toHaveLength(1)
    expect(await withdrawOffer(t, offer.id)).toMatchObject({ http: 409, msg: 'ipo_withdrawn' })
    const c = await applicant(t, account(), '1000000')
    expect(await subscribe(t, c, { id: offer.id })).toMatchObject({
      status: 0,
      msg: 'ipo_withdrawn',
    })
    expect(await books(t, c.account)).toMatchObject({ available: units(1000000), frozen: 0n })
    t.app.clock.set(T0 + DAY)
    expect(await drawNow(t, offer.id)).toMatchObject({ http: 409, msg: 'ipo_withdrawn' })
    t.app.clock.set(T0 + 2 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    expect((await publicDraw(t, offer.id)).seed).toBeNull()
    expect((await rowOf(a, offer.id)).status).toBe(5)
  })

  it('after the draw: fails the won and the paid (paid money back from the house), keeps lost and waived', async () => {
    const offer = await createOffer(t, { code: 'W003', lots_offered: 3 })
    const users: SessionGrant[] = []
    for (let i = 0; i < 5; i++) {
      const g = await applicant(t, account(), '1000000')
      expect((await subscribe(t, g, { id: offer.id, num: '100' })).status).toBe(1)
      users.push(g)
    }
    t.app.clock.set(T0 + DAY)
    expect((await drawNow(t, offer.id)).status).toBe(1)
    const rows = await Promise.all(users.map((g) => rowOf(g, offer.id)))
    const winners = users.filter((_, i) => rows[i]?.status === 2)
    const losers = users.filter((_, i) => rows[i]?.status === 3)
    expect(winners).toHaveLength(3)
    const [payer, waiver, waiting] = winners as [SessionGrant, SessionGrant, SessionGrant]
    const payerRow = await rowOf(payer, offer.id)
    expect((await settle(t, payer, 'newstockPay', { id: payerRow.id })).status).toBe(1)
    const waiverRow = await rowOf(waiver, offer.id)
    expect((await settle(t, waiver, 'newstockWaive', { id: waiverRow.id })).status).toBe(1)
    expect(await books(t, payer.account)).toMatchObject({ available: units(900000) })

    const answer = await withdrawOffer(t, offer.id, '上場承認の取消し')
    expect(answer).toMatchObject({ status: 1, data: { awaiting: 0, pending: 1, paid: 1 } })
    expect(await rowOf(payer, offer.id)).toMatchObject({ status: 5, reason: '上場承認の取消し' })
    expect((await rowOf(waiting, offer.id)).status).toBe(5)
    expect(await rowOf(waiver, offer.id)).toMatchObject({ status: 6, reason: null })
    for (const g of losers) expect((await rowOf(g, offer.id)).status).toBe(3)
    for (const g of users) {
      expect(await books(t, g.account)).toMatchObject({ available: units(1000000), frozen: 0n })
    }
    expect((await inbox(t, payer)).list[0]?.params).toMatchObject({ amount: '100,000' })
    expect((await inbox(t, waiting)).list[0]?.params).toMatchObject({ amount: '0' })
    // The draw's record stays verifiable; the failed can no longer pay.
    const draw = await publicDraw(t, offer.id)
    expect(draw.seed).not.toBeNull()
    expect(draw.allocations).toHaveLength(3)
    const waitingRow = await rowOf(waiting, offer.id)
    expect(await settle(t, waiting, 'newstockPay', { id: waitingRow.id })).toMatchObject({
      msg: 'ipo_not_payable',
    })
    // Listing day passes: the withdrawn code does not list, nobody gets a holding.
    t.app.clock.set(T0 + 5 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    expect(t.app.market.snapshot('W003')).toBeUndefined()
    expect((await rowOf(payer, offer.id)).holding_id).toBeNull()
  })

  it('refuses once the listing day has come', async () => {
    const offer = await createOffer(t, { code: 'W004' })
    const g = await applicant(t, account(), '1000000')
    await subscribe(t, g, { id: offer.id })
    t.app.clock.set(T0 + DAY)
    await drawNow(t, offer.id)
    const row = await rowOf(g, offer.id)
    expect((await settle(t, g, 'newstockPay', { id: row.id })).status).toBe(1)
    t.app.clock.set(T0 + 5 * DAY)
    expect(await withdrawOffer(t, offer.id)).toMatchObject({
      http: 409,
      msg: 'ipo_listed_already',
    })
    await t.app.broker.ipo.jobs.runOnce()
    expect((await rowOf(g, offer.id)).status).toBe(4)
    expect(await withdrawOffer(t, offer.id)).toMatchObject({ msg: 'ipo_listed_already' })
  })

  it('withdraws an offer nobody applied for, before subscription opens', async () => {
    const offer = await createOffer(t, {
      code: 'W005',
      subscribe_start: T0 + DAY,
      subscribe_end: T0 + 2 * DAY,
      lottery_at: T0 + 3 * DAY,
      pay_deadline: T0 + 4 * DAY,
      listing_at: T0 + 6 * DAY,
    })
    const kindsBefore = await ledgerKinds()
    expect(await withdrawOffer(t, offer.id)).toMatchObject({
      status: 1,
      data: { awaiting: 0, pending: 0, paid: 0 },
    })
    expect(await ledgerKinds()).toEqual(kindsBefore)
    t.app.clock.set(T0 + DAY + 1)
    const g = await applicant(t, account(), '1000000')
    expect(await subscribe(t, g, { id: offer.id })).toMatchObject({ msg: 'ipo_withdrawn' })
  })
})
