import type { GeneratedAlways, Selectable } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'
import type { PasskeysTable, TotpSecretsTable, WebauthnChallengesTable } from './second-factor'

export type OperatorRole = 'reviewer' | 'admin'

/** A person of the back office (migration 0024); never a row of `users`. */
export interface OperatorsTable {
  id: GeneratedAlways<bigint>
  login: string
  display_name: string
  role: OperatorRole
  password_hash: string
  /** 0 or 1: a disabled operator cannot log in and their sessions stop working. */
  disabled: IntDefault
  created_at: Int
}

export interface OperatorSessionsTable {
  id: GeneratedAlways<bigint>
  /** SHA-256 (hex) of the bearer token, as customers' sessions keep theirs. */
  token_hash: string
  operator_id: Int
  created_at: Int
  expires_at: Int
  revoked_at: NullableInt
  /** The factor the session was opened with (migration 0025); null: the password alone. */
  second_factor: OperatorSecondFactor | null
}

export type OperatorSecondFactor = 'passkey' | 'totp'

/** Migration 0025: an operator's factors, shaped as a customer's (0023) but owned by an operator. */
type OwnedByOperator<T extends { user_id: unknown }> = Omit<T, 'user_id'> & {
  operator_id: T['user_id']
}

/** One approval of a four-eyes review; unique per (kind, request, approver). */
export interface ReviewApprovalsTable {
  id: GeneratedAlways<bigint>
  kind: string
  request_id: Int
  /** Who counts: `operator:<id>` for a person, `token` for OPS_TOKEN. */
  approver: string
  /** The audit trail's name of who approved. */
  operator: string
  at: Int
}

export type Operator = Selectable<OperatorsTable>

export interface OperatorTables {
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  review_approvals: ReviewApprovalsTable
  operator_passkeys: OwnedByOperator<PasskeysTable>
  operator_webauthn_challenges: OwnedByOperator<WebauthnChallengesTable>
  operator_totp_secrets: OwnedByOperator<TotpSecretsTable>
}
