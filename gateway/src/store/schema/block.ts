import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0014-block. Integers are bigint in JS on both stores (see ../schema.ts). */

/** A block offer: `lots` lots of `lot` shares at `price`, asked for between opens_at and closes_at. */
export interface BlockOffersTable {
  id: GeneratedAlways<bigint>
  code: string
  market: string
  currency: string
  price: Int
  prev_close: Int
  lot: Int
  lots: Int
  min_lots: Int
  max_lots: Int
  opens_at: Int
  closes_at: Int
  /** 1 when the demo's simulator made it. */
  simulated: IntDefault
  /** The simulator's key of the offer (market, slot, index); null for the back office's. */
  sim_key: string | null
  /** When the oversubscription rule allocated its lots (after the window closed). */
  allocated_at: NullableInt
  /** `simulator` or the operator. */
  created_by: string
  created_at: Int
}

/** A user's block request: 0 pending review (cash frozen), 1 approved (a holding), 2 rejected. */
export interface BlockOrdersTable {
  id: GeneratedAlways<bigint>
  offer_id: Int
  user_id: Int
  order_no: string
  currency: string
  /** Shares asked for. */
  num: Int
  price: Int
  /** Frozen: price × num. */
  amount: Int
  status: IntDefault
  /** Shares the allocation gave it; null until the window's allocation. */
  allocated: NullableInt
  holding_id: NullableInt
  reason: string | null
  decided_at: NullableInt
  decided_by: string | null
  created_at: Int
}

export interface BlockTables {
  block_offers: BlockOffersTable
  block_orders: BlockOrdersTable
}
