import type { OperatorFactors } from '@kabu/shared/api/ops'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import { createWith, signWith } from '../api/webauthn'
import { opsCall } from './api'

/** The operator's own second factors (`/api/ops/operators/me/*`, gateway ops/operators). */

export const fetchFactors = () => opsCall<OperatorFactors>('GET', '/operators/me/factors')

/** What every change carries: the password again, and the factor already held. */
export interface Guard {
  password: string
  /** A code of the operator's authenticator app, when they typed one. */
  totp: string
}

/** The password, then a typed code, else this device's passkey signs, else nothing is held. */
async function proofOf(factors: OperatorFactors, guard: Guard) {
  if (guard.totp !== '') return { password: guard.password, totp: guard.totp }
  if (factors.passkeys.length === 0) return { password: guard.password }
  const options = await opsCall<Parameters<typeof signWith>[0]>(
    'POST',
    '/operators/me/passkeys/confirm-options',
  )
  return { password: guard.password, passkey: await signWith(options) }
}

export async function addPasskey(factors: OperatorFactors, guard: Guard, name: string) {
  const proof = await proofOf(factors, guard)
  const options = await opsCall<Parameters<typeof createWith>[0]>(
    'POST',
    '/operators/me/passkeys/options',
  )
  const credential = await createWith(options)
  await opsCall('POST', '/operators/me/passkeys', { ...proof, credential, name: name || undefined })
}

export async function removePasskey(factors: OperatorFactors, guard: Guard, id: number) {
  await opsCall('POST', `/operators/me/passkeys/${id}/delete`, await proofOf(factors, guard))
}

export const setUpTotp = () => opsCall<TotpSetup>('POST', '/operators/me/totp/setup')

export async function enableTotp(factors: OperatorFactors, guard: Guard, code: string) {
  await opsCall('POST', '/operators/me/totp/enable', { ...(await proofOf(factors, guard)), code })
}

export async function disableTotp(factors: OperatorFactors, guard: Guard) {
  await opsCall('POST', '/operators/me/totp/disable', await proofOf(factors, guard))
}
