import { expect } from 'vitest'
import type { AccountsAnswer } from '@kabu/shared/api/accounts'
import type { SessionGrant } from '@kabu/shared/api/user'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { createClock } from '../../gateway/src/clock'
import { startTestApp, type TestApp } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { trader } from './trading.support'

/**
 * Helpers of the accounts tests (issue 36 point 3): a gateway whose clock starts on December 30th
 * in Tokyo, so that a test can walk into the next year, the accounts answer, NISA opened, and a
 * holding's book value.
 */

export const YEN = 10_000n
export const GROWTH_YEAR = 2_400_000n * YEN

let n = 0
export const name = () => `acc${++n}x${Date.now() % 100000}`

export async function startAtYearEnd(): Promise<TestApp> {
  const clock = createClock()
  const year = Number(localDate('jp', Date.now()).slice(0, 4))
  clock.set(epochAtLocal('jp', `${year}-12-30`, 10 * 60))
  return startTestApp({ env: { TIME_TRAVEL: '1' }, deps: { clock } })
}

export const accounts = (t: TestApp, g: SessionGrant) =>
  brokerData<AccountsAnswer>(t.url, '/user/accounts', {}, session(g))
export const call = (t: TestApp, g: SessionGrant, path: string, form: Record<string, string>) =>
  brokerApi(t.url, path, form, session(g))
export const openNisa = (t: TestApp, g: SessionGrant) =>
  call(t, g, '/user/nisaOpen', { fund_password: FUND_PASSWORD })

/** A verified user with ¥10M (and dollars), NISA opened unless `nisa` is false. */
export async function investor(t: TestApp, nisa = true) {
  const g = await trader(t, name(), undefined, { verified: true })
  if (nisa) expect(await openNisa(t, g)).toMatchObject({ status: 1 })
  return g
}

export const holding = (t: TestApp, id: string) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow()
export const bookValue = async (t: TestApp, id: string) => {
  const h = await holding(t, id)
  return h.buy_cost ?? h.buy_price * h.stock_num
}
export const idOf = (answer: { data: unknown }) => (answer.data as { id: string }).id
