import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0023-second-factor. Integers are bigint in JS on both stores. */

export type ChallengePurpose = 'register' | 'login' | 'confirm'

export interface PasskeysTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  /** base64url credential id, unique. */
  credential_id: string
  /** base64url COSE public key. */
  public_key: string
  sign_count: IntDefault
  /** Comma-separated authenticator transports (internal, hybrid, usb, …). */
  transports: string
  name: string
  created_at: Int
  last_used_at: NullableInt
}

export interface WebauthnChallengesTable {
  id: GeneratedAlways<bigint>
  challenge: string
  purpose: ChallengePurpose
  user_id: bigint | null
  expires_at: Int
  used_at: NullableInt
}

export interface TotpSecretsTable {
  user_id: Int
  /** The active secret (base32), null until confirmed. */
  secret: string | null
  /** A secret shown at setup, waiting for its first code. */
  pending_secret: string | null
  /** The last accepted TOTP time step: a code is accepted once. */
  last_step: IntDefault
  /** Codes tried in the throttle window that began at `failed_since`. */
  failed_tries: IntDefault
  failed_since: IntDefault
  enabled_at: NullableInt
  created_at: Int
}

export interface SecondFactorTables {
  passkeys: PasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  totp_secrets: TotpSecretsTable
}
