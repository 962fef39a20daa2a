import { z } from 'zod'
import { CURRENCIES, type Currency } from '../money/currencies'
import { marketTypeSchema } from './user'

/**
 * Request schemas and answers of the money-in, money-out and exchange calls (API.md "user"). Form
 * fields arrive as strings; a refinement's message is the `msg` key the caller receives. Amounts
 * stay strings here: the services read them against the currency's own precision
 * (funds-amounts.ts).
 */

/** Client-generated idempotency key: long enough to be unique, short enough to index. */
export const idemSchema = z
  .string({ error: 'invalid_input' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_input')

/** A wire amount: missing or blank is `amount_required`; its form is checked by the service. */
export const moneySchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'amount_required' : 'amount_invalid') })
  .trim()
  .min(1, 'amount_required')
  .max(32, 'amount_invalid')

const currencySchema = z.enum(CURRENCIES, { error: 'invalid_input' })

export const rechargeChannelsRequest = z.object({ type: marketTypeSchema })

export const rechargeRequest = z.object({
  type: marketTypeSchema,
  money: moneySchema,
  channel: z.string({ error: 'invalid_input' }).regex(/^[a-z_]{1,32}$/, 'invalid_input'),
  /** The upload id of the transfer slip; optional, but without it an operator must find the money. */
  voucher: z
    .string({ error: 'not_found' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'not_found')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  idem: idemSchema,
})

export const withdrawRequest = z.object({
  type: marketTypeSchema,
  money: moneySchema,
  bank_id: z.string({ error: 'card_not_found' }).regex(/^[1-9]\d{0,17}$/, 'card_not_found'),
  fund_password: z.string({ error: 'invalid_input' }).max(64, 'wrong_fund_password').optional(),
  idem: idemSchema,
})

export const exchangeRequest = z
  .object({ from: currencySchema, to: currencySchema, money: moneySchema, idem: idemSchema })
  .refine((r) => r.from !== r.to, { message: 'same_currency' })

export type RechargeRequest = z.input<typeof rechargeRequest>
export type WithdrawRequest = z.input<typeof withdrawRequest>
export type ExchangeRequest = z.input<typeof exchangeRequest>

/** Review state of a deposit or withdrawal (spec §4): 0 pending review, 1 approved, 2 rejected. */
export type ReviewStatusCode = 0 | 1 | 2

/** `data` of /user/rechargeChannels: where to send the money, and what to write on the transfer. */
export interface RechargeChannel {
  id: string
  name: string
  payee: string
  bank: string
  branch: string
  account: string
  /** The user's own transfer reference (their account number), so the bank line can be matched. */
  reference: string
  min: string
  max: string
  currency: Currency
  /** The daily window on Japanese bank business days, `HH:MM-HH:MM` Tokyo time. */
  window: string
  open: boolean
}

export interface DepositRecord {
  id: string
  order_no: string
  status: ReviewStatusCode
  money: string
  currency: Currency
  created: number
  decided: number | null
  reason: string | null
}

export interface WithdrawalRecord {
  id: string
  order_no: string
  status: ReviewStatusCode
  money: string
  fee: string
  currency: Currency
  card_number_masked: string
  bank_name: string
  created: number
  decided: number | null
  /**
   * When the money left for the bank: the time of the withdrawal's payment in the ledger
   * (`withdraw_pay`), null until paid (pending, or rejected and returned).
   */
  paid: number | null
  reason: string | null
}

/** `data` of /user/withdrawRules: each published rule and whether it holds for this user now. */
export interface WithdrawRules {
  currency: Currency
  verified: boolean
  card_bound: boolean
  fund_password_set: boolean
  window: string
  window_open: boolean
  min: string
  withdrawable: string
}

export interface ExchangeRate {
  from: Currency
  to: Currency
  /** Mid rate: units of `to` per unit of `from`. */
  rate: string
  /** The fraction taken off the mid rate, e.g. '0.002'. */
  spread: string
}

export interface ExchangeResult {
  id: string
  got: string
}
