import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import type { softAuthenticator } from '../support/soft-authenticator'
import { type CreationOptions, type RequestOptions } from '../support/soft-authenticator'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'

/** Helpers of the passkey and TOTP tests: calls made as the app's own page (its Origin). */

export type Phone = ReturnType<typeof softAuthenticator>

export const asPage = (t: TestApp, grant?: SessionGrant) => ({
  ...(grant ? session(grant) : {}),
  origin: t.url,
})

/** Registers a new passkey of `phone` for the user; the answer of /user/passkeyRegister. */
export async function registerPasskey(
  t: TestApp,
  grant: SessionGrant,
  phone: Phone,
  form: Record<string, string> = {},
): Promise<BrokerAnswer> {
  const options = await brokerData<CreationOptions>(
    t.url,
    '/user/passkeyRegisterOptions',
    {},
    asPage(t, grant),
  )
  const credential = phone.create(options, t.url)
  return brokerApi(
    t.url,
    '/user/passkeyRegister',
    { credential: JSON.stringify(credential), fund_password: FUND_PASSWORD, ...form },
    asPage(t, grant),
  )
}

/** A fresh assertion confirming a command (the `passkey` field of withdraw, bankAdd, …). */
export async function confirmation(t: TestApp, grant: SessionGrant, phone: Phone) {
  const options = await brokerData<RequestOptions>(
    t.url,
    '/user/passkeyConfirmOptions',
    {},
    asPage(t, grant),
  )
  return JSON.stringify(phone.get(options, t.url))
}
