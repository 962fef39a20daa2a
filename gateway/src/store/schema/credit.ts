import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0018-credit (the holdings' credit columns are in ./trading.ts). */

/** One day's interest of one credit holding: the primary key makes it once, whoever runs it. */
export interface CreditAccrualsTable {
  holding_id: Int
  /** The market's local date the interest is for (YYYY-MM-DD). */
  accrual_date: string
  amount: Int
  created_at: Int
}

/** `/trade/ustocks` trust funds: 0 pending review (cash frozen), 1 applied, 2 rejected. */
export interface CreditRequestsTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  holding_id: Int
  order_no: string
  currency: string
  credit: Int
  status: IntDefault
  /** What approval paid off the debt (the rest, if the debt had shrunk, went back to available). */
  applied: NullableInt
  reason: string | null
  decided_at: NullableInt
  decided_by: string | null
  created_at: Int
}

export interface CreditTables {
  credit_accruals: CreditAccrualsTable
  credit_requests: CreditRequestsTable
}
