import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0005-funds. Integers are bigint in JS on both stores (see ../schema.ts). */
type Id = GeneratedAlways<bigint>

/** Review status of a deposit or withdrawal: 0 pending, 1 approved, 2 rejected (spec §4). */
interface Reviewed {
  status: IntDefault
  reason: string | null
  decided_at: NullableInt
  decided_by: string | null
}

/** A deposit the user says they sent (`/user/recharge`); money moves only when it is approved. */
export interface DepositsTable extends Reviewed {
  id: Id
  user_id: Int
  order_no: string
  currency: string
  amount: Int
  channel: string
  voucher_id: string | null
  created_at: Int
}

/** A withdrawal: its amount is frozen from submission until paid out or released. */
export interface WithdrawalsTable extends Reviewed {
  id: Id
  user_id: Int
  order_no: string
  currency: string
  amount: Int
  fee: IntDefault
  bank_id: Int
  bank_name: string
  card_number_masked: string
  created_at: Int
}

/** A completed exchange between two wallets, at the rate and spread it was done at. */
export interface ExchangesTable {
  id: Id
  user_id: Int
  order_no: string
  from_currency: string
  to_currency: string
  amount: Int
  got: Int
  rate: string
  spread: string
  created_at: Int
}

export interface FundsTables {
  deposits: DepositsTable
  withdrawals: WithdrawalsTable
  exchanges: ExchangesTable
}
