import { z } from 'zod'
import { CREDIT_RULES } from '../market/credit'
import { HOLDING_ACCOUNTS, type HoldingAccount } from './accounts'
import type { LocalName } from '../market/types'
import { marketTypeSchema } from './user'

/**
 * The /trade calls of API.md: orders, holdings and the watchlist. Quantities are whole shares,
 * money is a decimal string (at most four fraction digits), times are epoch milliseconds.
 */

/** Holding status codes (API.md): 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export const HOLDING = { holding: 0, closing: 1, pending: 2, cancelled: 3, closed: 4 } as const
export type HoldingStatus = (typeof HOLDING)[keyof typeof HOLDING]

export const sharesText = z.string().regex(/^[1-9]\d{0,8}$/, { message: 'lot_size' })
export const priceText = z.string().regex(/^\d{1,14}(\.\d{1,4})?$/)
export const idText = z.string().regex(/^[1-9]\d{0,17}$/)
export const idemText = z.string().regex(/^[\w-]{1,64}$/)
const code = z.string().regex(/^[0-9A-Za-z.]{1,12}$/)
/** An empty form field means "not given" (a market order has no price). */
export const optionalField = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/**
 * An order's validity (API.md "Orders"): `day`, or a date the market trades on
 * (shared/market/validity.ts decides which). Absent: `day`.
 */
export const validitySchema = z.union([z.literal('day'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])

/** An order's kind (API.md "Orders"); absent: `limit` with a price, else `market`. */
export const ORDER_KINDS = ['market', 'limit', 'stop', 'stop_limit', 'trailing'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * The kind of order and its prices, shared by buy and sell: `trigger` for `stop` and `stop_limit`
 * (逆指値; `price` is a stop-limit's limit), `trail` for `trailing`. Which fields a kind needs is
 * checked where the order is placed (order-kinds.ts), with invalid_input.
 */
const orderKindFields = {
  kind: optionalField(z.enum(ORDER_KINDS)),
  trigger: optionalField(priceText),
  trail: optionalField(priceText),
}

/** Stock credit: 1 (cash, the default) or another of CREDIT_RULES.leverageChoices. */
const leverage = optionalField(
  z
    .string()
    .refine((v) => CREDIT_RULES.leverageChoices.some((l) => String(l) === v), 'invalid_input'),
)

export const buyRequest = z.object({
  type: marketTypeSchema,
  code,
  num: sharesText,
  price: optionalField(priceText),
  fund_password: optionalField(z.string().max(64)),
  idem: idemText,
  leverage,
  validity: optionalField(validitySchema),
  ...orderKindFields,
  /** A buy-to-cover (買埋): the short position it closes, whole and at the market. */
  id: optionalField(idText),
  /**
   * `ifd` (API.md "Orders"): once this buy fills, a sell at `exit_price` is placed for what
   * filled; `ifdoco`: that sell and a stop at `exit_trigger`, an OCO of each other.
   */
  group: optionalField(z.enum(['ifd', 'ifdoco'])),
  exit_price: optionalField(priceText),
  exit_trigger: optionalField(priceText),
  /** `taxable` (the default) or `nisa`: the growth frame, within its rooms (API.md). */
  account: optionalField(z.enum(HOLDING_ACCOUNTS, { error: 'invalid_input' })),
})

/**
 * A sell of holding `id`, or without it a short sale (信用売建) of `code` at `leverage` (API.md
 * "Orders"): one of the two, never both.
 */
export const sellRequest = z
  .object({
    id: optionalField(idText),
    type: optionalField(marketTypeSchema),
    code: optionalField(code),
    leverage,
    num: sharesText,
    price: optionalField(priceText),
    idem: idemText,
    validity: optionalField(validitySchema),
    ...orderKindFields,
    /**
     * `oco` (API.md "Orders"): a take-profit limit at `price` and a stop-loss at `trigger` (a
     * stop-limit at `stop_price`) on the holding; one filling or firing cancels the other.
     */
    group: optionalField(z.literal('oco')),
    stop_price: optionalField(priceText),
  })
  .refine((form) => (form.id === undefined) !== (form.code === undefined), 'invalid_input')

export const cancelRequest = z.object({ id: idText })
export const listRequest = z.object({ type: marketTypeSchema })
export const watchRequest = z.object({ type: marketTypeSchema, code })

export type BuyRequest = z.input<typeof buyRequest>
export type SellRequest = z.input<typeof sellRequest>

/** One row of /trade/userstocklist (open: holding or pending). */
export interface WireHolding {
  id: string
  code: string
  name: LocalName
  status: HoldingStatus
  /** Live price; a pending order shows its own price until it fills. */
  nowprice: string
  stock_num: number
  /** Fill price; a pending order's limit price. */
  buy_price: string
  /** Floating P/L at nowprice, before fees: (nowprice − buy_price) × stock_num; 0 while pending. */
  yingkui: string
  /** When it filled (pending: when it was placed). */
  buy_time: number
  leverage: number
  /** The user's own money in it: buy_price × stock_num for a cash buy, the original margin on credit. */
  margin: string
  /** nowprice × stock_num. */
  market_value: string
  buy_fee: string
  /** Cash still frozen for this order: a pending one, or the rest of a buy filled in part. */
  frozen: string
  /**
   * `short` for a short sale (信用売建): buy_price is the price it was sold at, yingkui
   * (buy_price − nowprice) × stock_num, `frozen` its margin and trust funds, `credit` its borrow
   * fees owed; a buy-to-cover closes it.
   */
  side: 'long' | 'short'
  /** The account it sits in: `nisa` for a NISA buy's, else `taxable`. */
  account: HoldingAccount
  /** Stock credit (leverage above 1, and every short; cash buys leave them out). */
  credit?: WireCredit
}

/** A credit position's figures: what it owes, its maintenance ratio and any margin call. */
export interface WireCredit {
  /**
   * Owed to the house's credit book: the loan plus accrued interest, less trust funds (a short:
   * its borrow fees accrued).
   */
  debt: string
  interest: string
  trust_funds: string
  /**
   * The maintenance ratio, equity / market value in percent, two decimals (a credit buy's equity
   * is value − debt, a short's shared/market/credit.ts shortEquity); null for a buy without debt.
   */
  ratio: number | null
  /** A margin call: its deadline (epoch ms) and the trust funds that would meet it. */
  call_deadline: number | null
  call_amount: string
}

/** One row of /trade/userstocklists (ended: closed or cancelled). */
export interface WireClosedHolding extends WireHolding {
  sell_price: string
  sell_time: number | null
  /** The sell fee; a sale recorded before stamp duty was kept apart (`stamp_duty` null) holds both. */
  sell_fee: string
  /** China's stamp duty on the sale ('0' elsewhere); null when not kept apart or not sold. */
  stamp_duty: string | null
}

/** `data` of /trade/userstocklist: holdings keyed by id plus `ccsz` and `fdyk`. */
export type HoldingList = { ccsz: string; fdyk: string } & { [id: string]: WireHolding | string }
/** `data` of /trade/userstocklists: closed holdings keyed by id plus `lsyk`. */
export type ClosedHoldingList = { lsyk: string } & { [id: string]: WireClosedHolding | string }

/** The rows of a list answer without its summary keys. */
export function holdingRows<T extends WireHolding>(list: Record<string, T | string>): T[] {
  return Object.values(list).filter((v): v is T => typeof v === 'object' && v !== null)
}

/** One watchlist entry of /trade/selflist. */
export interface WatchEntry {
  code: string
  name: LocalName
  added: number
}
