import type { Int } from './columns'

/** Tables of migration 0034-asset-history. Integers are bigint in JS on both stores. */

/** A user's net assets in one wallet at one market close, and their net deposits by then. */
export interface AssetHistoryTable {
  user_id: Int
  currency: string
  /** The close's day in the market's calendar, YYYY-MM-DD. */
  date: string
  /** Epoch ms the figures were taken at. */
  at: Int
  net_assets: Int
  net_deposits: Int
}

export interface AssetTables {
  asset_history: AssetHistoryTable
}
