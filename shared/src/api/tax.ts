import { z } from 'zod'
import type { TaxKind } from '../tax/tax-kind'

/**
 * The taxable account's year (API.md "Assets, corporate actions, accounts and tax"): the summary
 * at `/user/taxSummary` and the 年間取引報告書 at `/user/annualReport`. Money is decimal text in
 * yen; the year is Tokyo's calendar year of the sale (the app settles at the fill, so the trade
 * date is the settlement date) and of a dividend's payment date.
 */

const year = z.coerce.number().int().min(2000).max(2100)

export const taxSummaryRequest = z.object({ year })

/** `lang`: the printable page's language (the app's own; Japanese when not given). */
export const annualReportRequest = z.object({
  year,
  format: z.enum(['csv', 'html']),
  lang: z.enum(['ja', 'zh-CN', 'en']).optional(),
})

/**
 * One event of the year's netting: a sale (`amount` its gain, negative a loss), a dividend
 * (`amount` what joined the netting, after any foreign tax), or a sale whose loss refunded tax
 * (`refund`). `tax`: national + local withheld by it, negative when refunded.
 */
export interface WireTaxLine {
  at: number
  kind: 'sale' | 'dividend' | 'refund'
  code: string
  amount: string
  tax: string
}

export interface WireTaxSummary {
  year: number
  /** The taxable account's kind: withholding happens only in `tokutei_withholding`. */
  account: TaxKind
  gains: string
  losses: string
  dividends: string
  /** gains − losses + dividends received in the account: the base its withholding follows. */
  net: string
  withheld_national: string
  withheld_local: string
  refunded: string
  lines: WireTaxLine[]
}

/** The columns of `/user/annualReport`'s CSV, in order; one row per sale, dividend and total. */
export const ANNUAL_REPORT_COLUMNS = [
  'type',
  'date',
  'code',
  'name',
  'shares',
  'proceeds',
  'fees',
  'cost',
  'gain',
  'gross',
  'withheld_foreign',
  'withheld_national',
  'withheld_local',
  'net',
  'account',
] as const
