import type { SessionGrant } from '@kabu/shared/api/user'
import type { SelfFreezeState, TrustPanel } from '@kabu/shared/api/trust'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { fund, readyUser, startFundsApp } from './funds.support'
export { withdraw } from './funds.support'

/** Helpers of the trust panel's tests. */

/**
 * The funds gateway with the operator's trust settings (name, registration, where client money is
 * held), a 24-hour cooling-off for lifting a self-freeze, live reconciliation and time travel.
 */
export const startTrustApp = (): Promise<TestApp> =>
  startFundsApp({
    OPERATOR_NAME: 'Test Securities K.K.',
    OPERATOR_REGISTRATION: 'Kanto Local Finance Bureau (FIBO) No. 9999',
    SEGREGATED_ACCOUNT: 'Customer trust account, Example Trust Bank',
    SELF_FREEZE_COOLING_HOURS: '24',
    TRUST_RECONCILE_MS: '0',
    TIME_TRAVEL: '1',
  })

/** A ready user (verified, a card bound) with `money` yen deposited. */
export async function fundedUser(t: TestApp, account: string, money: string) {
  const user = await readyUser(t, account)
  await fund(t, user.grant, money)
  return user
}

export const panel = (t: TestApp, g: SessionGrant, form: Record<string, string> = {}) =>
  brokerData<TrustPanel>(t.url, '/user/trust', form, session(g))

export const selfFreeze = (
  t: TestApp,
  g: SessionGrant,
  what: string,
  fundPassword = FUND_PASSWORD,
): Promise<BrokerAnswer & { data?: SelfFreezeState }> =>
  brokerApi(
    t.url,
    '/user/selfFreeze',
    { what, fund_password: fundPassword },
    session(g),
  ) as Promise<BrokerAnswer & { data?: SelfFreezeState }>

export const selfUnfreeze = (
  t: TestApp,
  g: SessionGrant,
  what: string,
  fundPassword = FUND_PASSWORD,
): Promise<BrokerAnswer & { data?: SelfFreezeState }> =>
  brokerApi(
    t.url,
    '/user/selfUnfreeze',
    { what, fund_password: fundPassword },
    session(g),
  ) as Promise<BrokerAnswer & { data?: SelfFreezeState }>

/** The ledger export as the phone gets it: HTTP status, content type and the CSV's rows. */
export async function ledgerExport(t: TestApp, g: SessionGrant, form: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/api/vue/user/ledgerExport`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...session(g) },
    body: new URLSearchParams(form).toString(),
  })
  const text = await res.text()
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','))
  return {
    http: res.status,
    type: res.headers.get('content-type') ?? '',
    disposition: res.headers.get('content-disposition') ?? '',
    text,
    header: rows[0] ?? [],
    lines: rows.slice(1),
  }
}
