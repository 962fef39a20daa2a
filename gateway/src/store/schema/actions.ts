import type { TaxAccountKind } from '@kabu/shared/tax/dividend-withholding'
import type { Generated } from 'kysely'
import type { Int, NullableInt } from './columns'

/** Tables of migration 0036-corporate-actions. Integers are bigint in JS on both stores. */

/** A step of a corporate action done: `split:<code>:<ex>`, `record:…`, `pay:…`. */
export interface CorporateActionStepsTable {
  step: string
  rows: Int
  done_at: Int
}

/** A dividend of one action (`<code>:<ex-date>`) to one user on one side; amounts in units. */
export interface DividendsTable {
  id: Generated<bigint>
  action: string
  user_id: Int
  /** `short`: the dividend equivalent the short holder pays (配当落調整金), gross and net negative. */
  side: 'long' | 'short'
  code: string
  market: string
  currency: string
  record_date: string
  pay_date: string
  shares: Int
  cash_per_share: Int
  gross: Int
  withheld_foreign: Int
  withheld_national: Int
  withheld_local: Int
  net: Int
  /** Migration 0038: the account paid into, its withholding's (one row per account). */
  account: TaxAccountKind
  status: 'expected' | 'paid'
  created_at: Int
  paid_at: NullableInt
}

/** What a split did to one holding. */
export interface HoldingSplitsTable {
  holding_id: Int
  action: string
  user_id: Int
  code: string
  ex_date: string
  /** New shares per old share, as published ("2", "0.2"). */
  ratio: string
  shares_before: Int
  shares_after: Int
  cash_in_lieu: Int
}

export interface ActionsTables {
  corporate_action_steps: CorporateActionStepsTable
  dividends: DividendsTable
  holding_splits: HoldingSplitsTable
}
