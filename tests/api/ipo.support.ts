import { randomUUID } from 'node:crypto'
import { io as connect } from 'socket.io-client'
import type { InboxPage } from '@kabu/shared/api/inbox'
import type { IpoApplication, IpoDraw, IpoOffer } from '@kabu/shared/api/ipo'
import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { verifiedUser } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { ops } from './funds.support'
import { credit } from './trading.support'

/** Helpers of the new-share (IPO) tests. */

export const HOUR = 3_600_000
export const DAY = 24 * HOUR
/** A Tuesday morning in Tokyo: the offers of these tests open an hour before it. */
export const T0 = Date.UTC(2026, 2, 3, 1, 0)

export const idem = () => randomUUID()

/**
 * A gateway with time travel whose IPO job waits for the test (`t.app.broker.ipo.jobs.runOnce()`),
 * the clock at T0.
 */
export async function startIpoApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({
    env: { TIME_TRAVEL: '1', REVIEW_POLICY: 'manual', IPO_JOB_MS: '3600000', ...env },
  })
  // The job's start pass reads the real clock (2026, past every test offer's deadline); left
  // running on a busy machine it waived a winner the test had just drawn. Stopped, it runs only
  // when the test calls runOnce. So does the lister of new shares that every gateway of a cluster
  // runs (PostgreSQL and Redis): on its own timer it listed a code before the test's pass did.
  await t.app.broker.ipo.jobs.stop()
  await t.app.broker.ipo.debuts.stop()
  t.app.clock.set(T0)
  return t
}

/** The body of `POST /api/ops/ipo`: subscribing at T0 until T0+1d, lottery +2d, pay +3d, list +5d. */
export function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    code: 'T001',
    type: 'jpy',
    name: { ja: 'テスト公開', zh: '测试新股', en: 'Test Offer' },
    price: '1000',
    lot: 100,
    per_user_limit: 300,
    lots_offered: 3,
    subscribe_start: T0 - HOUR,
    subscribe_end: T0 + DAY,
    lottery_at: T0 + 2 * DAY,
    pay_deadline: T0 + 3 * DAY,
    listing_at: T0 + 5 * DAY,
    underwriter: 'Test Securities',
    pe: '21.5',
    summary: { ja: '概要', zh: '概要', en: 'Summary' },
    ...overrides,
  }
}

export async function createOffer(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<IpoOffer> {
  const answer = await ops(t, 'POST', '/ipo', offerBody(overrides))
  if (answer.status !== 1) throw new Error(`offer refused: ${answer.msg}`)
  return answer.data as IpoOffer
}

/** A verified user with `jpy` yen available. */
export async function applicant(t: TestApp, account: string, jpy = '10000000') {
  const grant = await verifiedUser(t, account)
  await credit(t, account, 'JPY', jpy)
  return grant
}

export const subscribe = (
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> =>
  brokerApi(t.url, '/trade/subscribe', { num: '100', idem: idem(), ...form }, session(g))

export const records = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<IpoApplication[]>(t.url, '/trade/usernewstocklist', { type }, session(g))

/** The user's application to one offer. */
export const applicationOf = async (t: TestApp, g: SessionGrant, offerId: string) =>
  (await records(t, g)).find((r) => r.offer_id === offerId) as IpoApplication

export const offers = (t: TestApp, g: SessionGrant, phase: string, type = 'jpy') =>
  brokerData<IpoOffer[]>(t.url, '/trade/newstocklist', { type, phase }, session(g))

export const settle = (
  t: TestApp,
  g: SessionGrant,
  what: 'newstockPay' | 'newstockWaive',
  form: Record<string, string>,
): Promise<BrokerAnswer> =>
  brokerApi(t.url, `/trade/${what}`, { idem: idem(), ...form }, session(g))

export async function publicDraw(t: TestApp, id: string): Promise<IpoDraw> {
  const res = await fetch(`${t.url}/api/market/ipos/${id}/draw`)
  const body = (await res.json()) as { status: number; data: IpoDraw }
  if (body.status !== 1) throw new Error(`draw record refused: ${JSON.stringify(body)}`)
  return body.data
}

export const drawNow = (t: TestApp, id: string) => ops(t, 'POST', `/ipo/${id}/draw`)

/** A user's wallet in one currency, from the ledger. */
export async function books(t: TestApp, account: string, currency: 'JPY' | 'USD' | 'CNY' = 'JPY') {
  const user = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return t.app.broker.ledger.balances(t.app.db, user.id, currency)
}

/** Collects the named `/user` events of one user's socket, connected when this resolves. */
export async function userEventsOf(t: TestApp, g: SessionGrant, types: readonly string[]) {
  const socket = connect(`${t.url}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: g.token, account: g.account },
  })
  const events: Array<UserEvent> = []
  for (const type of types) socket.on(type, (event: UserEvent) => events.push(event))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return { socket, events }
}

/** The first page of a user's inbox. */
export const inbox = (t: TestApp, g: SessionGrant) =>
  brokerData<InboxPage>(t.url, '/user/messages', {}, session(g))

/** Waits until `check` holds (events and messages arrive just after the commit). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const withdrawOffer = (t: TestApp, id: string, reason: unknown = '上場承認の取消し') =>
  ops(t, 'POST', `/ipo/${id}/cancel`, { reason })
