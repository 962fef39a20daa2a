import { z } from 'zod'

/**
 * Accounts (API.md "Assets, corporate actions, accounts and tax", issue 36 point 3): the taxable
 * account's kind and the NISA account. Amounts are decimal strings of yen book value.
 */

/**
 * Where a holding sits: the taxable account (of the user's `TaxableKind`) or NISA's growth frame.
 * `/trade/buy`'s `account`, and every holding and order row's.
 */
export const HOLDING_ACCOUNTS = ['taxable', 'nisa'] as const
export type HoldingAccount = (typeof HOLDING_ACCOUNTS)[number]

/**
 * The taxable account's kinds: 特定口座 源泉徴収あり (the default), 特定口座 源泉徴収なし, 一般口座.
 * A user chooses before the year's first taxable sale.
 */
export const TAXABLE_KINDS = ['tokutei_withholding', 'tokutei', 'ippan'] as const
export type TaxableKind = (typeof TAXABLE_KINDS)[number]
export const DEFAULT_TAXABLE_KIND: TaxableKind = 'tokutei_withholding'

const fundPassword = z
  .string({ error: 'fund_password_not_set' })
  .max(64, 'wrong_fund_password')
  .optional()

export const accountsRequest = z.object({})
/** `/user/nisaOpen`: one NISA account per person, opened with the fund password. */
export const nisaOpenRequest = z.object({ fund_password: fundPassword })
/** `/user/taxAccount`: the taxable kind, refused once the year has a taxable sale. */
export const taxAccountRequest = z.object({
  kind: z.enum(TAXABLE_KINDS, { error: 'invalid_input' }),
  fund_password: fundPassword,
})

/** The NISA account's rooms as `/user/accounts` shows them, this (Tokyo) year. */
export interface WireNisa {
  /** The Tokyo date it was opened; null while not opened (every figure is then 0). */
  opened: string | null
  year: number
  /** 成長投資枠 used this year: bought, and reserved by working NISA buys. */
  growth_used: string
  growth_limit: string
  /** つみたて投資枠: designated investment trusts only, which this app does not sell. */
  tsumitate_used: string
  tsumitate_limit: string
  /** Book value held in NISA (and reserved), of the lifetime ¥18M. */
  lifetime_used: string
  lifetime_limit: string
  growth_lifetime_used: string
  growth_lifetime_limit: string
  /** Book value sold this year: back in the lifetime room from next January. */
  returns_next_year: string
  /** Of the used figures, what working NISA buys reserve. */
  reserved: string
  /** What a growth-frame buy may still cost now: the least of its three rooms. */
  growth_room: string
}

/** `/user/accounts`. */
export interface AccountsAnswer {
  tax_account: TaxableKind
  /** True once this year has a sale in the taxable account: the kind is kept until next year. */
  tax_account_locked: boolean
  nisa: WireNisa
}
