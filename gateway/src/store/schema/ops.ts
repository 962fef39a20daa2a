import type { ColumnType, GeneratedAlways, Selectable } from 'kysely'
import type { Int, NullableInt } from './columns'

/**
 * A user's inbox. `title` and `summary` are catalogue keys the client translates (with `params`, a
 * JSON object of strings) or an operator's plain text, which the client shows as it is.
 */
export interface MessagesTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  title: string
  summary: string
  body: ColumnType<string, string | undefined, string>
  params: ColumnType<string, string | undefined, string>
  read_at: NullableInt
  created_at: Int
}

/** Every back-office action: who, when, what, and the state before and after (JSON). */
export interface AuditTable {
  id: GeneratedAlways<bigint>
  operator: string
  action: string
  target: string
  before_json: string
  after_json: string
  at: Int
  /** The operator account that acted (migration 0024); null for OPS_TOKEN and the auto policy. */
  operator_id: ColumnType<bigint | null, bigint | null | undefined, never>
}

export type MessageRow = Selectable<MessagesTable>
export type AuditRow = Selectable<AuditTable>

export interface OpsTables {
  messages: MessagesTable
  audit: AuditTable
}
