import { randomUUID } from 'node:crypto'
import type { DaytradeDetail, DaytradeParticipation } from '@kabu/shared/api/daytrade'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Currency } from '@kabu/shared/money/currencies'
import { startTestApp, type TestApp } from '../support/app'
import { verifiedUser } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { OPS_TOKEN, ops } from './ops-client'
import { credit, userIdOf } from './trading.support'

/** Helpers of the day-trading tests. */

/** A gateway with time travel, the operator token and manual review unless `env` says otherwise. */
export function startDaytradeApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({
    env: { TIME_TRAVEL: '1', OPS_TOKEN, REVIEW_POLICY: 'manual', DAYTRADE_JOB_MS: '60000', ...env },
  })
}

/** A verified user with `jpy` yen and 100,000 USD. */
export async function dayTrader(t: TestApp, account: string, jpy = '10000000') {
  const grant = await verifiedUser(t, account)
  await credit(t, account, 'JPY', jpy)
  await credit(t, account, 'USD', '100000')
  return grant
}

export const applyDaytrade = (
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string> = {},
): Promise<BrokerAnswer> =>
  brokerApi(
    t.url,
    '/trade/daytradeApply',
    { type: 'jpy', money: '1000000', idem: randomUUID(), ...form },
    session(g),
  )

export const daytradeOrder = (
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> =>
  brokerApi(
    t.url,
    '/trade/daytradeOrder',
    { side: 'buy', num: '100', idem: randomUUID(), ...form },
    session(g),
  )

export const daytradeList = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<DaytradeParticipation[]>(t.url, '/trade/daytradelist', { type }, session(g))

export const daytradeInfo = (t: TestApp, g: SessionGrant, id: string) =>
  brokerData<DaytradeDetail>(t.url, '/trade/daytradeinfo', { id }, session(g))

export const approveDaytrade = (t: TestApp, id: string) =>
  ops(t.url, 'POST', `/reviews/daytrade/${id}/approve`)

export const rejectDaytrade = (t: TestApp, id: string, reason = 'declined') =>
  ops(t.url, 'POST', `/reviews/daytrade/${id}/reject`, { reason })

/** Applies and has the operator approve: the participation, trading. */
export async function approvedParticipation(
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string> = {},
): Promise<string> {
  const applied = await applyDaytrade(t, g, form)
  if (applied.status !== 1) throw new Error(`apply refused: ${applied.msg}`)
  const { id } = applied.data as { id: string }
  const approved = await approveDaytrade(t, id)
  if (approved.status !== 1) throw new Error(`approve refused: ${approved.msg}`)
  return id
}

/** The user's ledger books in one currency, the intraday one included. */
export async function daytradeBooks(t: TestApp, account: string, currency: Currency = 'JPY') {
  const userId = await userIdOf(t, account)
  const rows = await t.app.db
    .selectFrom('ledger_accounts')
    .select(['book', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute()
  const of = (book: string) => rows.find((r) => r.book === book)?.balance ?? 0n
  return { available: of('available'), frozen: of('frozen'), intraday: of('intraday') }
}

/** Moves the clock past the participation's close and runs the day-trading job once. */
export async function closeDay(t: TestApp, p: { closes_at: number | null }): Promise<void> {
  if (p.closes_at === null) throw new Error('not approved')
  t.app.clock.set(Math.max(t.app.clock.now(), p.closes_at) + 1)
  await t.app.broker.daytrade.jobs.runOnce()
}

export async function rowCount(t: TestApp, table: 'daytrade_participations' | 'daytrade_fills') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
