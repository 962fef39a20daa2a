import type { GeneratedAlways, Selectable } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

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
}
