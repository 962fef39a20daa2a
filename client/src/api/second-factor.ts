import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { BrokerRefusal } from './refusal'
import { brokerPost } from './broker'
import { CeremonyCancelled, createWith, signWith } from './webauthn'

/**
 * The second factor a money command carries beside the fund password (gateway: broker/second-
 * factor): a passkey assertion, made here with @simplewebauthn/browser, or a TOTP code the user
 * typed. Shared by the screens that move money out or change where it goes (funds, bank) and the
 * security settings. The WebAuthn library is loaded only when a ceremony starts.
 */

export const fetchSecondFactors = () => brokerPost<SecondFactors>('/user/secondFactors')

export { passkeysSupported } from './webauthn'

// The phone's own "cancelled" or "timed out" is no server refusal: it is told as the missing factor.
const cancelled = (error: unknown) =>
  error instanceof CeremonyCancelled ? new BrokerRefusal('second_factor_required', 200) : error

/** Signs a fresh challenge of `optionsPath` with a passkey of this phone; the assertion's JSON. */
export async function passkeyAssertion(
  optionsPath = '/user/passkeyConfirmOptions',
): Promise<string> {
  const optionsJSON = await brokerPost<Parameters<typeof signWith>[0]>(optionsPath)
  return signWith(optionsJSON).catch((error: unknown) => Promise.reject(cancelled(error)))
}

/** Makes a new passkey on this phone for the user; the attestation's JSON. */
export async function passkeyCreation(): Promise<string> {
  const optionsJSON = await brokerPost<Parameters<typeof createWith>[0]>(
    '/user/passkeyRegisterOptions',
  )
  return createWith(optionsJSON).catch((error: unknown) => Promise.reject(cancelled(error)))
}

/**
 * The form fields proving the factor the user enrolled: a passkey when they have one (this phone
 * signs), else the TOTP code they typed, else nothing (no factor enrolled).
 */
export async function secondFactorFields(
  factors: SecondFactors | null,
  totp: string,
): Promise<{ passkey?: string; totp?: string }> {
  if (totp !== '') return { totp }
  if (factors && factors.passkeys.length > 0) return { passkey: await passkeyAssertion() }
  return {}
}

/** Whether a form offers a TOTP field: the user has TOTP (optional when a passkey can sign). */
export const asksForTotp = (factors: SecondFactors | null) => factors?.totp === true
