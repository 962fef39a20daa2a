import { z } from 'zod'
import { isIsoDate } from '../market/iso-date'
import { CURRENCIES, type Currency } from '../money/currencies'
import { marketTypeSchema } from './user'

/** Request schemas and answers of the ledger's reads: /user/wallets and /user/fundlist. */

/** Lines per page of /user/fundlist. */
export const FUND_LINES_PER_PAGE = 20

const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined))

/** A user's ledger books (the gateway's `UserBook`). */
export const USER_BOOKS = [
  'available',
  'frozen',
  'borrowed',
  'product',
  'intraday',
  'credit',
] as const
export type UserBookName = (typeof USER_BOOKS)[number]

export const walletsRequest = z.object({})

/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
const calendarDay = z.string().refine(isIsoDate, 'invalid_input')

export const fundlistRequest = z
  .object({
    type: marketTypeSchema,
    /** 1-based; past the last page answers an empty list. */
    page: z.coerce
      .number({ error: 'invalid_input' })
      .int('invalid_input')
      .min(1, 'invalid_input')
      .max(100_000, 'invalid_input')
      .default(1),
    /** Only lines of this kind ('deposit', 'withdraw_freeze', 'fx', ...). */
    kind: optional(z.string().regex(/^[a-z_]{1,32}$/, 'invalid_input')),
    /** A wallet by currency (after an exchange, HKD say); overrides the currency of `type`. */
    currency: optional(z.enum(CURRENCIES, { error: 'invalid_input' })),
    /** Only lines of this book; all of the user's books when absent. */
    book: optional(z.enum(USER_BOOKS, { error: 'invalid_input' })),
    /** Only lines from this day on (a day in Tokyo, where the app's days are counted). */
    from: optional(calendarDay),
    /** Only lines up to the end of this day (Tokyo). */
    to: optional(calendarDay),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, 'invalid_input')

export type FundlistRequest = z.input<typeof fundlistRequest>

/** One element of `data` of /user/wallets: a currency's cash, as decimal strings. */
export interface Wallet {
  currency: Currency
  available: string
  frozen: string
}

/** One element of `data` of /user/fundlist: one ledger line of the user, newest first. */
export interface FundLine {
  /** What happened: 'deposit', 'withdraw_freeze', 'fx', ... (the client translates it). */
  kind: string
  order_no: string
  /** Signed decimal string: what this line added to (or took from) the book. */
  money: string
  /** The book's balance right after this line. */
  balance_after: string
  book: UserBookName
  currency: Currency
  /** Epoch milliseconds. */
  created: number
}
