import { HOLDING_ACCOUNTS } from './accounts'
import { z } from 'zod'
import type { Currency } from '../money/currencies'
import type { LocalName, Market } from '../market/types'
import { idemSchema, moneySchema } from './funds'
import { marketTypeSchema } from './user'

/**
 * Day trading (spec §2 "Day trading", §4 "Intraday"; API.md `/trade/daytradeApply`,
 * `/trade/daytradelist`, `/trade/daytradeOrder`; docs/api-additions.md: `/trade/daytradeinfo`).
 *
 * A participation is one market's trading day with the funds the user applied with. The published
 * rules, which the gateway enforces and the screen shows:
 *
 * - **Apply**: `money` leaves `available` for `frozen` (one ledger posting with the row); one
 *   participation per market at a time (`daytrade_in_progress`); identity verified; not in China
 *   (A-shares settle T+1: shares bought today cannot be sold today, `cannot_sell_t1`).
 * - **Review** (kind `daytrade`): approve moves the funds `frozen` → the user's `intraday` book;
 *   reject returns them to `available` with the reason. REVIEW_POLICY=auto approves unless the
 *   account has been barred from trading since it applied (reason `trading_barred`).
 * - **Orders**: long and short, whole lots, inside the day's price limits and sessions, at the
 *   live price: a market order, or a limit that is marketable now (a buy at or above the last
 *   price, a sell at or below it), fills at once at the last price; a limit that is not marketable
 *   is refused (`daytrade_limit_not_marketable`: this build rests no intraday orders). Cash and
 *   P/L stay in the `intraday` book, the house's `bank_clearing` the other side, fees (the stock
 *   rates) to `fees`; the book never goes below zero (`insufficient_balance`).
 * - **Exposure**: the gross open notional at entry prices (Σ |shares × average price| over the
 *   open positions) may not exceed the participation's funds (`daytrade_exposure_limit`).
 * - **Close** (forced flat): at the market's close (`MARKET_HOURS=real`: the end of the day's last
 *   session; `always`: the daily cut-off `DAYTRADE_CUTOFF`, local time) the system closes every
 *   open position at the last price (at its average price when the market has none), marked
 *   `forced`, and settles: the intraday balance (funds ± P/L − fees) returns to `available`, all
 *   in ONE ledger posting, and the participation becomes `traded`. A loss is capped at the funds:
 *   were the close to leave the book below zero, the house's `bank_clearing` takes the rest.
 */

/**
 * Spec §4's intraday states as `/trade/daytradelist` numbers them:
 *
 * | status | name | meaning |
 * |---|---|---|
 * | 0 | submitted | applied, waiting for review; the funds are `frozen` |
 * | 1 | trading | approved and the market's trading day is on: orders are taken |
 * | 2 | traded | closed by the forced flat and settled: the intraday balance is back in `available` |
 * | 3 | failed | rejected by review (with `reason`); the funds are back in `available` |
 * | 4 | applied | approved, funds in `intraday`, waiting for the trading day's first session |
 */
export const DAYTRADE_STATUS = {
  submitted: 0,
  trading: 1,
  traded: 2,
  failed: 3,
  applied: 4,
} as const
export type DaytradeStatusName = keyof typeof DAYTRADE_STATUS
export type DaytradeStatus = (typeof DAYTRADE_STATUS)[DaytradeStatusName]

/** The name of a status number (`undefined` for an unknown one). */
export const daytradeStatusName = (status: number): DaytradeStatusName | undefined =>
  (Object.keys(DAYTRADE_STATUS) as DaytradeStatusName[]).find((k) => DAYTRADE_STATUS[k] === status)

/** With MARKET_HOURS=always, each market's daily cut-off, local time: its real closing time. */
export const DAYTRADE_CUTOFF: Record<Market, string> = { jp: '15:30', us: '16:00', cn: '15:00' }

/** The markets that take day trading (China's T+1 makes a same-day round trip impossible). */
export const DAYTRADE_MARKETS: readonly Market[] = ['jp', 'us']

const idText = z.string({ error: 'not_found' }).regex(/^[1-9]\d{0,17}$/, 'not_found')
const shares = z
  .string({ error: 'lot_size' })
  .regex(/^[1-9]\d{0,8}$/, 'lot_size')
  .transform(Number)
const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined))

/** `/trade/daytradeApply`: participate in `type`'s market with `money` (the wallet's currency). */
export const daytradeApplyRequest = z.object({
  type: marketTypeSchema,
  money: moneySchema,
  idem: idemSchema,
  /** Day trading is never NISA (MARKET-RULES.md §10): `nisa` is refused, nisa_not_eligible. */
  account: optional(z.enum(HOLDING_ACCOUNTS, { error: 'invalid_input' })),
})

/** `/trade/daytradelist`: the user's participations in one market, newest first. */
export const daytradeListRequest = z.object({ type: marketTypeSchema })

/** `/trade/daytradeinfo`: one participation with its positions and transaction details. */
export const daytradeInfoRequest = z.object({ id: idText })

/** `/trade/daytradeOrder`: `num` shares of `code`, `price` a limit (absent: at the market). */
export const daytradeOrderRequest = z.object({
  id: idText,
  code: z.string({ error: 'not_listed' }).trim().min(1, 'not_listed').max(16, 'not_listed'),
  side: z.enum(['buy', 'sell'], { error: 'invalid_input' }),
  num: shares,
  price: optional(z.string().max(24, 'invalid_input')),
  idem: idemSchema,
})

export type DaytradeApplyRequest = z.input<typeof daytradeApplyRequest>
export type DaytradeOrderRequest = z.input<typeof daytradeOrderRequest>
export type DaytradeSide = 'buy' | 'sell'

/** One open position of a participation: `qty` signed (long > 0, short < 0). */
export interface DaytradePosition {
  code: string
  name: LocalName
  qty: number
  /** Average entry price (decimal string). */
  avg_price: string
  /** The last price when the answer was made (the screen follows the live one). */
  last: string | null
  /** Unrealised P/L at `last`, before the fees of closing. */
  pnl: string | null
}

/** One fill (transaction detail): the user's orders and the system's forced close. */
export interface DaytradeFill {
  id: string
  order_no: string
  code: string
  name: LocalName
  side: DaytradeSide
  num: number
  price: string
  fee: string
  /** P/L this fill realised against the average entry price (0 when it only opened). */
  realised: string
  /** True for the system's close at the market's close (forced flat). */
  forced: boolean
  created: number
}

/** One element of `/trade/daytradelist` (and the head of `/trade/daytradeinfo`). */
export interface DaytradeParticipation {
  id: string
  order_no: string
  market: Market
  currency: Currency
  /** See DAYTRADE_STATUS. */
  status: DaytradeStatus
  /** The participation funds. */
  money: string
  /** The intraday book now (while applied or trading); null otherwise. */
  balance: string | null
  /** Realised P/L before fees so far; at settlement funds + pnl − fees = returned. */
  pnl: string
  fees: string
  /** What the settlement returned to `available`; null until traded. */
  returned: string | null
  reason: string | null
  created: number
  decided: number | null
  /** When orders are taken from (first session of the trading day) and when the forced flat runs. */
  opens_at: number | null
  closes_at: number | null
  settled: number | null
}

/** `/trade/daytradeinfo`: the participation, its open positions and every fill, newest first. */
export interface DaytradeDetail extends DaytradeParticipation {
  positions: DaytradePosition[]
  fills: DaytradeFill[]
}

/** Realtime event on `/user` when the forced flat has settled a participation. */
export interface DaytradeSettledEvent {
  type: 'daytrade:settled'
  id: string
  status: DaytradeStatus
  returned: string
}

/**
 * Unrealised P/L of a signed position in units: shares × (last − average); a short gains when the
 * price falls. `cost` is the signed entry notional (shares × average price) in units.
 *
 * @example openPnl(100n, 2_000_000_000n, 210_000n) // long 100 @ 200, last 210: 10_000_000n (+1,000)
 * @example openPnl(-100n, -2_000_000_000n, 210_000n) // short 100 @ 200, last 210: -10_000_000n
 */
export function openPnl(qty: bigint, cost: bigint, lastUnits: bigint): bigint {
  return qty * lastUnits - cost
}
