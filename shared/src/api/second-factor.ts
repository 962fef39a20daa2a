import { z } from 'zod'
import { fundPasswordField } from './banks'

/**
 * Second factors (issue 17): passkeys (WebAuthn) and TOTP codes. Once a user has one, withdrawals
 * and bank-card changes carry it beside the fund password, as one of two optional form fields:
 * `passkey`, the JSON of a WebAuthn assertion made on options from `/user/passkeyConfirmOptions`,
 * or `totp`, the 6-digit code of the user's authenticator app.
 */

/** An assertion or attestation is a few hundred bytes of JSON; anything far larger is not one. */
const CREDENTIAL_JSON_MAX = 16_384

export const TOTP_RULE = /^\d{6}$/

// A form's empty field is a field not filled in: the factor was not offered.
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v)

/** The optional second-factor fields of `/user/withdraw`, `/user/bankAdd`, `/user/bankDel`, … */
export const secondFactorFields = z.object({
  passkey: z.preprocess(
    blankIsAbsent,
    z.string().max(CREDENTIAL_JSON_MAX, 'passkey_invalid').optional(),
  ),
  totp: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .transform((s) => s.normalize('NFKC').trim())
      .pipe(z.string().regex(TOTP_RULE, 'totp_invalid'))
      .optional(),
  ),
})
export type SecondFactorFields = z.input<typeof secondFactorFields>

const credentialJson = z.string().min(2).max(CREDENTIAL_JSON_MAX, 'passkey_invalid')
const passkeyName = z.string().trim().max(40, 'invalid_input').optional()

/** `/user/passkeyRegister`: the new credential, the fund password, and the factor already held. */
export const passkeyRegisterRequest = secondFactorFields.extend({
  credential: credentialJson,
  name: passkeyName,
  fund_password: fundPasswordField,
})

export const passkeyDelRequest = secondFactorFields.extend({
  id: z.coerce.number().int().positive(),
  fund_password: fundPasswordField,
})

/** `/user/passkeyLogin`: an assertion; `account`, when typed first, must be the passkey's. */
export const passkeyLoginRequest = z.object({
  credential: credentialJson,
  account: z.string().max(40).optional(),
})

export const totpEnableRequest = secondFactorFields.extend({
  code: z
    .string()
    .transform((s) => s.normalize('NFKC').trim())
    .pipe(z.string().regex(TOTP_RULE, 'totp_invalid')),
  fund_password: fundPasswordField,
})

export const totpDisableRequest = secondFactorFields.extend({ fund_password: fundPasswordField })

/** `/user/secondFactors`: what the user has enrolled. */
export interface SecondFactors {
  passkeys: { id: number; name: string; created: number; last_used: number | null }[]
  totp: boolean
}

/** `/user/totpSetup`: the secret to type or the URI to scan; confirmed by `/user/totpEnable`. */
export interface TotpSetup {
  secret: string
  uri: string
}
