import type { ColumnType, Generated } from 'kysely'
import type { Int, NullableInt } from './columns'

/** Tables of migration 0039-tax. Amounts in units; integers are bigint in JS on both stores. */

/**
 * One sale or dividend of a user's taxable account and the year as it left it. `national` and
 * `local` are what it withheld (negative: refunded); `gain` is what joined the year's netting (a
 * sale's gain, a dividend's amount after foreign tax), `cost` a sale's moving-average cost. A
 * foreign listing's sale (`currency` not JPY) is netted in yen: its gross, fees, cost, gain and
 * drift are yen at the rates broker/tax/in-yen.ts says, its withholding's ledger line in `currency`.
 */
export interface TaxEventsTable {
  id: Generated<bigint>
  user_id: Int
  year: number
  kind: 'sale' | 'dividend'
  at: Int
  /** The Tokyo date of the sale, or the dividend's payment date. */
  trade_date: string
  code: string
  currency: string
  /** The taxable account's kind when it happened (tokutei_withholding, tokutei, ippan). */
  account: string
  shares: Int
  /** A sale's proceeds, a dividend's gross. */
  gross: Int
  foreign_tax: Int
  fees: Int
  cost: Int
  gain: Int
  national: Int
  local: Int
  year_net: Int
  year_national: Int
  year_local: Int
  /** The code's moving-average basis less its open rows' cost, after a sale (0 on a dividend). */
  basis_drift: Int
  sale_tx_id: NullableInt
  tax_tx_id: NullableInt
  /** Migration 0046: a foreign sale's or dividend's rate to yen (yen per unit of `currency`); null otherwise. */
  fx_rate: ColumnType<string | null, string | null | undefined, string | null>
}

export interface TaxTables {
  tax_events: TaxEventsTable
}
