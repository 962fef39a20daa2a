import { io as connect } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { IpoDrawnEvent } from '@kabu/shared/api/ipo'
import { drawAllocations } from '@kabu/shared/market/ipo-draw'
import { USER_NAMESPACE } from '@kabu/shared/realtime'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  DAY,
  T0,
  applicant,
  books,
  createOffer,
  drawNow,
  publicDraw,
  records,
  settle,
  startIpoApp,
  subscribe,
} from './ipo.support'

let t: TestApp
let n = 0
const account = () => `pf${Date.now() % 100000}${n++}`
const units = (yen: number) => BigInt(yen) * 10_000n

beforeAll(async () => {
  t = await startIpoApp({ IPO_PAYMENT: 'prefunded' })
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(T0)
  await expectLedgerConsistent(t.app.db)
})

/** Collects the `ipo:drawn` events of one user's `/user` socket. */
async function drawnEvents(g: SessionGrant) {
  const socket = connect(`${t.url}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: g.token, account: g.account },
  })
  const events: IpoDrawnEvent[] = []
  socket.on('ipo:drawn', (event: IpoDrawnEvent) => events.push(event))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return { socket, events }
}

describe('IPO_PAYMENT=prefunded', () => {
  it('pays winners from the frozen amount at the draw and returns the rest in one pass', async () => {
    const offer = await createOffer(t, { code: 'P001', lots_offered: 5 })
    const users: SessionGrant[] = []
    for (let i = 0; i < 3; i++) {
      const g = await applicant(t, account(), '1000000')
      expect((await subscribe(t, g, { id: offer.id, num: '300' })).status).toBe(1)
      users.push(g)
    }
    const listening = await drawnEvents(users[0] as SessionGrant)
    const clearingBefore = await t.app.broker.ledger.houseBalance(t.app.db, 'bank_clearing', 'JPY')
    t.app.clock.set(T0 + DAY)
    expect(await drawNow(t, offer.id)).toMatchObject({ status: 1, data: { lots_won: 5 } })

    const draw = await publicDraw(t, offer.id)
    expect(
      drawAllocations(draw.seed as string, draw.entries, 5)
        .map((a) => a.lots)
        .sort(),
    ).toEqual([1, 2, 2])
    let paid = 0n
    for (const g of users) {
      const [row] = await records(t, g)
      const won = draw.allocations.find((a) => a.ref === row?.ref)?.lots ?? 0
      expect(row).toMatchObject({ status: 4, won_num: won * 100 })
      const cost = units(won * 100 * 1000)
      paid += cost
      expect(await books(t, g.account)).toMatchObject({
        available: units(1000000) - cost,
        frozen: 0n,
      })
      expect(await settle(t, g, 'newstockPay', { id: row?.id ?? '' })).toMatchObject({
        msg: 'ipo_not_payable',
      })
    }
    const clearingAfter = await t.app.broker.ledger.houseBalance(t.app.db, 'bank_clearing', 'JPY')
    expect(clearingAfter - clearingBefore).toBe(paid)

    await expect.poll(() => listening.events.length).toBe(1)
    expect(listening.events[0]).toMatchObject({ type: 'ipo:drawn', id: offer.id, status: 4 })
    listening.socket.close()

    t.app.clock.set(T0 + 5 * DAY)
    await t.app.broker.ipo.jobs.runOnce()
    for (const g of users) expect((await records(t, g))[0]?.holding_id).not.toBeNull()
  })
})
