import type { GeneratedAlways } from 'kysely'
import type { AlertKind, AlertStatus } from '@kabu/shared/api/alerts'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0041-alerts. Integers are bigint in JS on both stores (see ../schema.ts). */

/** A price alert: `value` in 1/10,000 units (price, percentage) or shares (volume). */
export interface AlertsTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  code: string
  kind: AlertKind
  value: Int
  /** 0 one-shot, 1 repeating. */
  repeat: Int
  status: AlertStatus
  /** 0 while a repeating alert that fired waits for its condition to be false once. */
  armed: IntDefault
  /** How many times it fired. */
  fired: IntDefault
  fired_price: NullableInt
  fired_at: NullableInt
  created_at: Int
  updated_at: Int
  deleted_at: NullableInt
}

export interface AlertTables {
  alerts: AlertsTable
}
