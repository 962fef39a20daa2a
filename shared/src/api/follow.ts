import Decimal from 'decimal.js'
import { z } from 'zod'
import { isTradingDay } from '../market/calendar'
import { addDays } from '../market/iso-date'
import { epochAtLocal, localDate } from '../market/time-zone'
import type { LocalName, Market } from '../market/types'
import type { Currency } from '../money/currencies'
import { idemSchema, moneySchema } from './funds'
import { minorStep } from './funds-amounts'
import { pageSchema } from './paging'
import { marketTypeSchema } from './user'

/**
 * Follow products (copy-trading, spec §2 "Copy-trading", §3 "Follow order", §4 following / locked /
 * ended). API.md "trade": /trade/productlist, /trade/productinfo, /trade/productbuy,
 * /trade/userproductlist; docs/api-additions.md: /trade/productend; the back office's
 * `POST /api/ops/products`. The accrual rule below is the published one: the gateway pays by it
 * and the screens show it.
 */

// ── The published accrual rule ──────────────────────────────────────────────────────────────────

/**
 * When a day's profit accrues: on each trading day of the product's market, at this local time
 * (minutes after midnight, the exchange's zone): just after each exchange's close.
 */
export const ACCRUAL_MINUTE: Record<Market, number> = {
  jp: 15 * 60 + 30,
  us: 16 * 60,
  cn: 15 * 60,
}

/** `15:30` and the like, for the screens. */
export const accrualTimeText = (market: Market) => {
  const m = ACCRUAL_MINUTE[market]
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

const Exact = Decimal.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 })

/** A lock-up day is 24 hours from the buy (calendar days, not trading days). */
export const LOCK_DAY_MS = 86_400_000

/** The most days a deadline's accrual schedule is scanned over (ten years). */
const MAX_SCAN_DAYS = 3_700

/**
 * The accrual instants (epoch ms) of a market in `(after, until]`: every trading day's
 * ACCRUAL_MINUTE. A buy at 15:29 Tokyo earns that day's profit; a buy at 15:31 starts the next
 * trading day.
 *
 * @example accrualInstants('jp', Date.UTC(2026, 0, 5, 0), Date.UTC(2026, 0, 7, 7)) // Jan 5 and 6, 15:30 JST
 */
export function accrualInstants(market: Market, after: number, until: number): number[] {
  const out: number[] = []
  if (until <= after) return out
  let date = localDate(market, after)
  const last = localDate(market, until)
  for (let scanned = 0; scanned <= MAX_SCAN_DAYS && date <= last; scanned++) {
    if (isTradingDay(market, date)) {
      const at = epochAtLocal(market, date, ACCRUAL_MINUTE[market])
      if (at > after && at <= until) out.push(at)
    }
    date = addDays(date, 1)
  }
  return out
}

/**
 * Profit accrued through `days` days: principal × daily rate × days, rounded DOWN to the currency's
 * minor unit (whole yen; cents for USD and CNY), in 1/10,000 units. Each day pays the difference
 * between this figure for the days so far and for the day before, so the fraction cut off one day
 * is carried to the next and never paid twice, and the total never passes the exact figure.
 *
 * @example accruedThrough(1_000_000_000n, '0.00123', 1, 'JPY') // 1_230_000n (¥123 of ¥100,000)
 * @example accruedThrough(33_330_000n, '0.001', 2, 'JPY') // 60_000n (¥6.666 → ¥6)
 */
export function accruedThrough(
  principal: bigint,
  dailyRate: string,
  days: number,
  currency: Currency,
): bigint {
  if (days <= 0) return 0n
  const step = minorStep(currency)
  const exact = new Exact(principal.toString()).times(dailyRate).times(days)
  const steps = exact.dividedBy(step.toString()).toDecimalPlaces(0, Decimal.ROUND_DOWN)
  return BigInt(steps.toFixed(0)) * step
}

/**
 * The profit of the `day`-th accrual of an order (1 for the first): what accruedThrough adds that
 * day. Zero on a day whose share of a minor unit is still under one unit (a tiny principal).
 *
 * @example dayProfit(33_330_000n, '0.001', 2, 'JPY') // 30_000n (¥6 through day 2 less ¥3)
 */
export function dayProfit(principal: bigint, dailyRate: string, day: number, currency: Currency) {
  return (
    accruedThrough(principal, dailyRate, day, currency) -
    accruedThrough(principal, dailyRate, day - 1, currency)
  )
}

/**
 * The largest principal whose profit over `days` days fits in `funds` (what an issuer's free
 * funding still covers), down to the minor unit; null when no day is left to pay.
 */
export function principalCovered(
  funds: bigint,
  dailyRate: string,
  days: number,
  currency: Currency,
): bigint | null {
  if (days <= 0) return null
  if (funds <= 0n) return 0n
  const step = minorStep(currency)
  const exact = new Exact(funds.toString()).dividedBy(new Exact(dailyRate).times(days))
  const steps = exact.dividedBy(step.toString()).toDecimalPlaces(0, Decimal.ROUND_DOWN)
  return BigInt(steps.toFixed(0)) * step
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

const idField = z.string({ error: 'not_found' }).regex(/^[1-9]\d{0,17}$/, 'not_found')

/** `/trade/productlist` and `/trade/userproductlist`. */
export const productListRequest = z.object({ type: marketTypeSchema })

/** `/trade/productinfo`: `id` is the product's. */
export const productIdRequest = z.object({ id: idField })

/** `/trade/productbuy`: `money` in the product's currency, at least its minimum. */
export const productBuyRequest = z.object({
  id: idField,
  money: moneySchema,
  fund_password: z
    .string({ error: 'fund_password_not_set' })
    .max(64, 'wrong_fund_password')
    .optional(),
  idem: idemSchema,
})

/** `/trade/productend` (docs/api-additions.md): `id` is the user's order. */
export const productEndRequest = z.object({ id: idField, idem: idemSchema })

export type ProductBuyRequest = z.input<typeof productBuyRequest>

/** The daily rate: a fraction with at most 8 decimals, above 0 and at most 5 % a day. */
const dailyRate = z
  .string()
  .regex(/^0\.\d{1,8}$/, 'invalid_input')
  .refine((r) => Number(r) > 0 && Number(r) <= 0.05, 'invalid_input')
const amount = z.string().regex(/^\d{1,14}(\.\d{1,2})?$/, 'amount_invalid')
const localText = (max: number) =>
  z.object({
    ja: z.string().trim().min(1).max(max),
    zh: z.string().trim().min(1).max(max),
    en: z.string().trim().min(1).max(max),
  })
const time = z.number().int().min(0).max(8_640_000_000_000)

/**
 * `POST /api/ops/products` (JSON). The issuer is an account of its own (`issuer_code`), funded from
 * the house's bank clearing with the most profit `capacity` can earn to the deadline.
 */
export const opsProductBody = z
  .object({
    type: marketTypeSchema,
    issuer_code: z.string().regex(/^[a-z0-9-]{2,32}$/, 'invalid_input'),
    issuer: z.string().trim().min(1).max(100),
    name: localText(100),
    daily_rate: dailyRate,
    min: amount,
    capacity: amount,
    lock_days: z.number().int().min(0).max(3_650),
    opens_at: time.optional(),
    deadline: time,
  })
  .refine((o) => o.opens_at === undefined || o.opens_at < o.deadline, { message: 'invalid_input' })
export type OpsProductBody = z.input<typeof opsProductBody>

/** `GET /api/ops/products?page=`: every product, closed ones too, newest first (ops.ts's page size). */
export const opsProductsQuery = z.object({ page: pageSchema })

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

/** How each day's profit is rounded (the screens explain it in words). */
export const ROUNDING_RULE = 'floor_minor_unit_carried' as const

/** One product, as /trade/productlist and /trade/productinfo give it. Money is decimal strings. */
export interface Product {
  id: string
  name: LocalName
  issuer: string
  market: Market
  currency: Currency
  /** Profit a day, a fraction of the principal: '0.0012' is 0.12 % a day. */
  daily_rate: string
  /** The least one buy may put in. */
  min: string
  lock_days: number
  opens_at: number
  /** The last accrual is the last trading day's accrual time at or before it; then all returns. */
  deadline: number
  /** The most principal the product takes at once. */
  capacity: string
  /** What a buy may still put in now: the capacity left, and what the issuer's free funding covers. */
  remaining: string
  /** Accrual days a buy now would earn, to the deadline. */
  days_left: number
  /** The most profit a buy of `min` now would earn by the deadline (the rule applied). */
  min_total_profit: string
  /** The local time of each trading day's accrual, e.g. '15:30', in `time_zone`. */
  accrual_time: string
  time_zone: string
  rounding: typeof ROUNDING_RULE
  /** open: buys taken; upcoming: before opens_at; closed: no accrual day left before the deadline. */
  phase: 'upcoming' | 'open' | 'closed'
  /** Made by the demo, not a real product. */
  simulated: boolean
}

/** A line of the back office's list: the product, who made it and when. */
export type OpsProduct = Product & { created_by: string; created: number }

/** API.md: 0 following (the money in the product), 1 ended (returned to the wallet). */
export type ProductOrderStatus = 0 | 1
export const PRODUCT_FOLLOWING = 0
export const PRODUCT_ENDED = 1

/** Spec §4's three states: locked (following, not yet endable), following, ended. */
export type ProductOrderState = 'locked' | 'following' | 'ended'

/** One of the user's follow orders (/trade/userproductlist). */
export interface ProductOrder {
  id: string
  order_no: string
  product_id: string
  name: LocalName
  issuer: string
  currency: Currency
  status: ProductOrderStatus
  state: ProductOrderState
  /**
   * What the order holds in the product book: principal + profit accrued so far (spec §7 counts it
   * in frozen assets while status is 0); once ended, what was returned.
   */
  money: string
  /** The buy amount. */
  principal: string
  /** Profit accrued so far (each day a ledger line of its own). */
  profit: string
  /** The most profit the order can earn by the deadline. */
  max_profit: string
  daily_rate: string
  /** Days paid so far. */
  days: number
  lock_days: number
  /** Before this the order cannot be ended by the user. */
  lock_until: number
  deadline: number
  created: number
  ended: number | null
  /** user: ended by the user after the lock-up; deadline: returned at the deadline. */
  end_reason: 'user' | 'deadline' | null
}

/** One accrual line of an order (`/trade/userproductinfo`'s `accruals`). */
export interface ProductAccrual {
  /** The trading day, local to the market. */
  day: string
  amount: string
  at: number
}

/**
 * A daily rate as a percentage, exact (no binary float): the rate's decimal point moved two places.
 *
 * @example ratePercent('0.0013') // '0.13'
 * @example ratePercent('0.05') // '5'
 */
export function ratePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  const digits = `${whole}${fraction.padEnd(2, '0')}`
  const point = whole.length + 2
  const head = digits.slice(0, point).replace(/^0+(?=\d)/, '')
  const tail = digits.slice(point).replace(/0+$/, '')
  return tail ? `${head}.${tail}` : head
}
