import type { SessionGrant } from '@kabu/shared/api/user'
import type { SelfFreezeState, TrustPanel } from '@kabu/shared/api/trust'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { session, vue, vueData, type VueAnswer } from '../support/vue'
export { withdraw } from './funds.support'

/** Helpers of the trust panel's tests. */

export const panel = (t: TestApp, g: SessionGrant, form: Record<string, string> = {}) =>
  vueData<TrustPanel>(t.url, '/user/trust', form, session(g))

export const selfFreeze = (
  t: TestApp,
  g: SessionGrant,
  what: string,
  fundPassword = FUND_PASSWORD,
): Promise<VueAnswer & { data?: SelfFreezeState }> =>
  vue(t.url, '/user/selfFreeze', { what, fund_password: fundPassword }, session(g)) as Promise<
    VueAnswer & { data?: SelfFreezeState }
  >

export const selfUnfreeze = (
  t: TestApp,
  g: SessionGrant,
  what: string,
  fundPassword = FUND_PASSWORD,
): Promise<VueAnswer & { data?: SelfFreezeState }> =>
  vue(t.url, '/user/selfUnfreeze', { what, fund_password: fundPassword }, session(g)) as Promise<
    VueAnswer & { data?: SelfFreezeState }
  >

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
