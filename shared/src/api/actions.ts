import { z } from 'zod'
import { marketTypeSchema } from './user'
import type { TaxAccountKind } from '../tax/dividend-withholding'

/**
 * Corporate actions reaching holders (API.md "Assets, corporate actions, accounts and tax"):
 * the market's schedule at `GET /api/market/actions`, the user's dividends at `/user/dividends`
 * and the splits that adjusted their holdings at `/user/splits`.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_input')

/** `GET /api/market/actions?code=&from=&to=`: dates inclusive, at most two years apart. */
export const actionsQuery = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9.]{1,16}$/, 'invalid_input'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, 'invalid_input')

/**
 * One action of a listing. `scheduled`: its ex-date is ahead (a dividend's cash is fixed only on
 * it, so null till then); `fixed`: gone ex, a dividend's payment still ahead; `done`: applied and
 * paid. `ratio` is new shares per old share ("2" for 2:1, "0.2" for a 1:5 reverse split).
 */
export interface WireAction {
  code: string
  kind: 'split' | 'dividend'
  ex_date: string
  record_date: string
  pay_date: string | null
  ratio: string | null
  cash_per_share: string | null
  status: 'scheduled' | 'fixed' | 'done'
}

export const dividendsRequest = z.object({
  type: marketTypeSchema,
  year: z.coerce.number().int().min(2000).max(2100).optional(),
})

/**
 * A dividend of one code to the user. A short holder of record pays the dividend equivalent
 * (配当落調整金): its `gross` and `net` are negative and nothing is withheld.
 */
export interface WireDividend {
  code: string
  record_date: string
  pay_date: string
  shares: number
  gross: string
  withheld_foreign: string
  withheld_national: string
  withheld_local: string
  net: string
  /** The account it was paid into (shared/tax/dividend-withholding.ts): its withholding follows. */
  account: TaxAccountKind
  status: 'expected' | 'paid'
}

export const splitsRequest = z.object({ type: marketTypeSchema })

/** A split that adjusted one of the user's holdings (the holding's note). */
export interface WireSplit {
  holding_id: string
  code: string
  ex_date: string
  ratio: string
  shares_before: number
  shares_after: number
  /** A reverse split's fraction paid out at the last price; "0" otherwise. */
  cash_in_lieu: string
}
