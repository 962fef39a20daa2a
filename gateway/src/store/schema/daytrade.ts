import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0017-daytrade. Integers are bigint in JS on both stores (see ../schema.ts). */

/** A participation: status numbers as DAYTRADE_STATUS (shared/src/api/daytrade.ts). */
export interface DaytradeParticipationsTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  order_no: string
  market: string
  currency: string
  /** The participation funds (units). */
  funds: Int
  status: IntDefault
  reason: string | null
  /** From when orders are taken; null until approved. */
  opens_at: NullableInt
  /** When the forced flat closes and settles it; null until approved. */
  closes_at: NullableInt
  /** Realised P/L before fees, and the fees, so far. */
  pnl: IntDefault
  fees: IntDefault
  /** What the settlement returned to `available`. */
  returned: NullableInt
  decided_at: NullableInt
  decided_by: string | null
  settled_at: NullableInt
  created_at: Int
}

/** An open position: `qty` signed shares, `cost` the signed entry notional (qty × average). */
export interface DaytradePositionsTable {
  participation_id: Int
  code: string
  qty: Int
  cost: Int
  updated_at: Int
}

/** A fill; `forced` 1 for the system's close at the market's close. */
export interface DaytradeFillsTable {
  id: GeneratedAlways<bigint>
  participation_id: Int
  user_id: Int
  order_no: string
  code: string
  side: string
  num: Int
  price: Int
  fee: Int
  realised: Int
  forced: IntDefault
  created_at: Int
}

export interface DaytradeTables {
  daytrade_participations: DaytradeParticipationsTable
  daytrade_positions: DaytradePositionsTable
  daytrade_fills: DaytradeFillsTable
}
