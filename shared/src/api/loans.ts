import { z } from 'zod'
import type { Currency } from '../money/currencies'
import { idemSchema, moneySchema } from './funds'
import { marketTypeSchema } from './user'

/**
 * Credit loans (API.md "user": /user/loanInfo, /user/loan, /user/loanlist, /user/repay). Form
 * fields arrive as strings; a refinement's message is the `msg` key the caller receives. The
 * formula behind `credit_score` and `limit` is `creditOf` in ../loans.ts.
 */

export const loanInfoRequest = z.object({ type: marketTypeSchema })
export const loanListRequest = z.object({ type: marketTypeSchema })

export const loanRequest = z.object({
  type: marketTypeSchema,
  money: moneySchema,
  idem: idemSchema,
})

export const repayRequest = z.object({
  id: z.string({ error: 'not_found' }).regex(/^[1-9]\d{0,17}$/, 'not_found'),
  money: moneySchema,
  fund_password: z.string({ error: 'invalid_input' }).max(64, 'wrong_fund_password').optional(),
  idem: idemSchema,
})

export type LoanRequest = z.input<typeof loanRequest>
export type RepayRequest = z.input<typeof repayRequest>

/** 0 pending review, 1 approved (owed), 2 rejected, 3 repaid (API.md). */
export type LoanStatusCode = 0 | 1 | 2 | 3
export const LOAN_PENDING = 0
export const LOAN_APPROVED = 1
export const LOAN_REJECTED = 2
export const LOAN_REPAID = 3

/** `data` of /user/loanInfo: the spec's five keys, then what the screen explains them with. */
export interface LoanInfo {
  credit_score: number
  /** The loanable limit of this wallet (decimal string). */
  limit: string
  /** Principal approved and not yet repaid. */
  loaned: string
  /** Simple daily interest rate, a decimal fraction: '0.0005' is 0.05 % a day. */
  rate_daily: string
  /** Amount of the request waiting for review, '0' when none. */
  pending: string
  currency: Currency
  /** Days a loan may run before it counts as overdue. */
  term_days: number
  /** The inputs of the published formula, as the gateway read them now. */
  factors: {
    verified: boolean
    account_age_days: number
    deposits: string
    repaid_on_time: number
    overdue: number
  }
}

/** One row of /user/loanlist. */
export interface LoanRecord {
  id: string
  order_no: string
  status: LoanStatusCode
  money: string
  /** Interest accrued to now while owed; the interest paid once repaid; '0' otherwise. */
  interest: string
  /** What repaying now takes: principal plus interest while owed, else '0'. */
  owed: string
  currency: Currency
  created: number
  decided: number | null
  /** When the term ends (approved loans), epoch ms. */
  due: number | null
  repaid: number | null
  reason: string | null
}
