import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0007-loans. Integers are bigint in JS on both stores (see ../schema.ts). */

/**
 * A credit loan: 0 pending review, 1 approved (cash paid out, debt in the `borrowed` book),
 * 2 rejected (with a reason), 3 repaid (principal and `interest_paid` taken from available cash).
 */
export interface LoansTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  order_no: string
  currency: string
  amount: Int
  status: IntDefault
  reason: string | null
  decided_at: NullableInt
  decided_by: string | null
  interest_paid: NullableInt
  repaid_at: NullableInt
  created_at: Int
}

export interface LoansTables {
  loans: LoansTable
}
