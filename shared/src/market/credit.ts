import { mulRate, roundUnits } from '../money/decimal'
import type { Market } from './types'

/**
 * Stock credit (信用取引): the published rules a credit buy, its holding and the broker's jobs all
 * compute with, so the buy panel shows exactly what the gateway will do.
 *
 * - The user's margin is `cost / leverage` rounded up to the currency's minor unit; the house's
 *   credit book lends the rest (the debt).
 * - Interest: `ANNUAL_RATE` on the debt, accrued once per calendar day of the market's time zone
 *   (actual/365), each day's amount rounded down to the currency's minor unit and added to the debt
 *   as its own ledger line.
 * - Maintenance ratio = (market value − debt) / market value. Below `MAINTENANCE_RATIO` (20 %, the
 *   minimum Japan's rules set for 委託保証金維持率) the position gets a margin call: trust funds
 *   (`/trade/ustocks`) that bring the debt down to `value × (1 − MAINTENANCE_RATIO)` are due within
 *   `CALL_DAYS` days; a call still unmet then is closed by the system at the last price, the debt
 *   repaid first from the proceeds.
 */
export const CREDIT_RULES = {
  leverageChoices: [1, 2, 3] as const,
  annualRate: '0.028',
  maintenanceRatio: '0.2',
  callDays: 2,
} as const

/** The minor unit of each market's currency in 1/10,000 units: whole yen, cents, fen. */
export const MINOR_UNIT: Record<Market, bigint> = { jp: 10_000n, us: 100n, cn: 100n }

const DAYS_PER_YEAR = 365

/**
 * The user's margin and the debt of a credit buy of `cost` units at `leverage`.
 *
 * @example creditSplit(10_000_000_000n, 3, 'jp') // { margin: 3_333_340_000n, debt: 6_666_660_000n }
 */
export function creditSplit(
  cost: bigint,
  leverage: number,
  market: Market,
): { margin: bigint; debt: bigint } {
  const exact = (cost + BigInt(leverage) - 1n) / BigInt(leverage)
  const margin = roundUnits(exact, MINOR_UNIT[market], 'up')
  return { margin: margin > cost ? cost : margin, debt: cost > margin ? cost - margin : 0n }
}

/** One calendar day's interest on `debt`, rounded down to the minor unit (never more than owed). */
export function dailyInterest(debt: bigint, market: Market): bigint {
  if (debt <= 0n) return 0n
  const day = mulRate(debt, CREDIT_RULES.annualRate, 'down') / BigInt(DAYS_PER_YEAR)
  return roundUnits(day, MINOR_UNIT[market], 'down')
}

/**
 * Whether a position whose own money at market (its equity) is `equity` is below the maintenance
 * ratio of its market `value`. A credit buy's equity is value − debt; a short's is shortEquity.
 */
export function belowRatio(value: bigint, equity: bigint): boolean {
  return equity < mulRate(value, CREDIT_RULES.maintenanceRatio, 'up')
}

/** Whether a position of market `value` owing `debt` is below the maintenance ratio. */
export function belowMaintenance(value: bigint, debt: bigint): boolean {
  return debt > 0n && belowRatio(value, value - debt)
}

/** Equity as a percentage of `value` with two decimals (display). */
export function ratioPercent(value: bigint, equity: bigint): number {
  if (value <= 0n) return 0
  return Number((equity * 10_000n) / value) / 100
}

/** The maintenance ratio as a percentage with two decimals (display), null without debt. */
export function maintenancePercent(value: bigint, debt: bigint): number | null {
  if (debt <= 0n) return null
  return value <= 0n ? 0 : ratioPercent(value, value - debt)
}

/**
 * The trust funds a call asks for: what brings the equity up to value × ratio, rounded up to the
 * minor unit; 0 when the position is not below the ratio.
 */
export function callFor(value: bigint, equity: bigint, market: Market): bigint {
  if (!belowRatio(value, equity)) return 0n
  const needed = mulRate(value, CREDIT_RULES.maintenanceRatio, 'up') - equity
  return roundUnits(needed, MINOR_UNIT[market], 'up')
}

/**
 * The trust funds a credit buy's call asks for: what brings the debt down to value × (1 − ratio)
 * (the same as raising its equity to value × ratio).
 */
export function callAmount(value: bigint, debt: bigint, market: Market): bigint {
  return debt > 0n ? callFor(value, value - debt, market) : 0n
}

/**
 * A short sale (信用売建, MARKET-RULES.md §8). The shares are borrowed and sold; the proceeds stay
 * with the lender as collateral, so the user's cash in it is the margin (`proceeds / leverage`,
 * as creditSplit gives a buy's) plus any trust funds, held in the frozen book. Its equity at a
 * cost to cover of `value` is what covering now would leave the user: proceeds + margin − value
 * − the borrow fees owed. A borrow fee (貸株料) accrues each calendar day on the proceeds.
 */
export function shortEquity(
  s: { proceeds: bigint; held: bigint; owed: bigint },
  value: bigint,
): bigint {
  return s.proceeds + s.held - value - s.owed
}

/**
 * What covering a short settles to: its collateral (proceeds + the margin held) pays the cover's
 * `cost` and `fee`; what is left repays the borrow fees owed first and the rest is the user's; a
 * loss beyond the collateral stays owed (`shortfall`).
 */
export function coverSettlement(
  s: { proceeds: bigint; held: bigint; owed: bigint },
  cost: bigint,
  fee: bigint,
): { repaid: bigint; returned: bigint; shortfall: bigint } {
  const left = s.proceeds + s.held - cost - fee
  const repaid = left <= 0n ? 0n : left < s.owed ? left : s.owed
  return { repaid, returned: left > 0n ? left - repaid : 0n, shortfall: left < 0n ? -left : 0n }
}

/** One calendar day's borrow fee on a short of `proceeds` at `annualRate`, rounded down. */
export function dailyBorrowFee(proceeds: bigint, annualRate: string, market: Market): bigint {
  if (proceeds <= 0n) return 0n
  const day = mulRate(proceeds, annualRate, 'down') / BigInt(DAYS_PER_YEAR)
  return roundUnits(day, MINOR_UNIT[market], 'down')
}
