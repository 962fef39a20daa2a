import type { TaxableKind } from '@kabu/shared/api/accounts'
import type { Int, IntDefault } from './columns'

/**
 * Migration 0037 (issue 36): the user's taxable kind (no row: 特定口座 源泉徴収あり) and NISA
 * account. `nisa_accounts` holds shared/tax/nisa.ts's `NisaRoom` as of `year` for what has filled
 * and sold; what working NISA buys reserve is on their orders (`orders.nisa_reserved`).
 */
export interface TaxAccountsTable {
  user_id: Int
  kind: TaxableKind
  chosen_at: Int
}

export interface NisaAccountsTable {
  user_id: Int
  opened_at: Int
  /** The Tokyo year the figures are as of (nisaAsOf moves them on when next written). */
  year: Int
  growth_used: IntDefault
  lifetime_used: IntDefault
  growth_lifetime_used: IntDefault
  returns_next_year: IntDefault
  growth_returns_next_year: IntDefault
}

export interface AccountsTables {
  tax_accounts: TaxAccountsTable
  nisa_accounts: NisaAccountsTable
}
