import { secondFactorFields } from '@kabu/shared/api/second-factor'
import type { CallSite, BrokerCall } from './broker-calls'

/**
 * A second factor offered with a command: a WebAuthn assertion (JSON) or a TOTP code, and the page
 * it came from (a passkey signs for one origin and relying party).
 */
export interface SecondFactorProof {
  passkey?: string | undefined
  totp?: string | undefined
  site: CallSite
}

/** Which factor passed; `none` when the user has none enrolled and none was required. */
export type SecondFactorUsed = 'passkey' | 'totp' | 'none'

/**
 * Checks a user's second factor (broker/second-factor/service.ts implements it; the composition
 * root hands it to the areas that need it). A user who enrolled a passkey or TOTP must offer one of
 * them; a user with neither passes unless `required`.
 *
 * @throws Refusal second_factor_required | second_factor_not_set (required, none enrolled) |
 *   passkey_invalid | totp_invalid | too_frequent (five wrong TOTP codes per 15 minutes)
 */
export type VerifySecondFactor = (
  userId: bigint,
  proof: SecondFactorProof,
  options?: { required?: boolean },
) => Promise<SecondFactorUsed>

/** The proof a /api/vue call carries in its optional `passkey` and `totp` fields. */
export function proofOf(call: Pick<BrokerCall<unknown>, 'body' | 'site'>): SecondFactorProof {
  const { passkey, totp } = secondFactorFields.parse(call.body)
  return { passkey, totp, site: call.site }
}
