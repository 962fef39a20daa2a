import { generate } from 'otplib'
import type { OperatorFactorChallenge } from '@kabu/shared/api/ops'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import type { TestApp } from '../support/app'
import type { CreationOptions, RequestOptions } from '../support/soft-authenticator'
import { opsAs, type OpsAnswer } from './operators.support'
import type { Phone } from './passkeys.support'

/** Helpers of the operators' second-factor tests: calls made as the console's page (its Origin). */

export const PASSWORD = 'operator-pass-2026'

let n = 0
/** A new reviewer, made by the script token; its login. */
export async function newOperator(t: TestApp, role: 'reviewer' | 'admin' = 'reviewer') {
  const login = `op${process.pid % 1000}x${++n}${Date.now() % 1000}`
  const made = await opsAs(t, t.app.config.opsToken, 'POST', '/operators', {
    login,
    display_name: `Operator ${login}`,
    role,
    password: PASSWORD,
  })
  if (made.status !== 1) throw new Error(`operator create: ${made.msg}`)
  return { login, password: PASSWORD }
}

/** An /api/ops call from the console's page: WebAuthn checks the page's origin. */
export const asConsole = (
  t: TestApp,
  bearer: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => opsAs(t, bearer, method, path, body, { origin: t.url })

/** `POST /api/ops/login` from the console's page, with whatever factor the body carries. */
export async function login(t: TestApp, body: Record<string, string>): Promise<OpsAnswer> {
  const res = await fetch(`${t.url}/api/ops/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.url },
    body: JSON.stringify(body),
  })
  return { http: res.status, ...((await res.json()) as object) }
}

export const tokenOf = (answer: OpsAnswer) => (answer.data as { token: string }).token
export const offerOf = (answer: OpsAnswer) => answer.data as OperatorFactorChallenge

/** Enrols a new passkey of `phone` for the session's operator; the answer. */
export async function enrolPasskey(
  t: TestApp,
  token: string,
  phone: Phone,
  body: Record<string, string> = {},
): Promise<OpsAnswer> {
  const options = await asConsole(t, token, 'POST', '/operators/me/passkeys/options')
  const credential = phone.create(options.data as CreationOptions, t.url)
  return asConsole(t, token, 'POST', '/operators/me/passkeys', {
    credential: JSON.stringify(credential),
    password: PASSWORD,
    ...body,
  })
}

/** The assertion `phone` makes on the options a login's first answer offered. */
export const signOffer = (t: TestApp, answer: OpsAnswer, phone: Phone) =>
  JSON.stringify(phone.get(offerOf(answer).passkey as RequestOptions, t.url))

/** The code an authenticator app shows now, or `steps` periods of 30 s from now. */
export const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

/** Enables TOTP for the session's operator; its secret. */
export async function enrolTotp(t: TestApp, token: string, body: Record<string, string> = {}) {
  const setup = await asConsole(t, token, 'POST', '/operators/me/totp/setup')
  const { secret } = setup.data as TotpSetup
  const enabled = await asConsole(t, token, 'POST', '/operators/me/totp/enable', {
    code: await codeOf(secret),
    password: PASSWORD,
    ...body,
  })
  if (enabled.status !== 1) throw new Error(`totp enable: ${enabled.msg}`)
  return secret
}
