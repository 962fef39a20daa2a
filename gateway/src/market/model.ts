import type { Listing, Market } from '@kabu/shared/market/types'

/**
 * The simulation's parameters (MARKET-RULES §7). Kept in one place so the model reads as a story:
 * GARCH(1,1) daily variance, Merton jumps, an overnight gap with its own share of the variance,
 * a market factor shared by a market's stocks and its indices, a U-shaped intraday activity.
 */
export const GARCH = { alpha: 0.08, beta: 0.9 } as const

/** Cap on the daily variance as a multiple of the long-run variance, so a jump cannot run away. */
export const MAX_VARIANCE_MULTIPLE = 16

/** Daily pull of the log price toward the listing's base price (half-life ln 2 / 0.01 ≈ 69 days). */
export const MEAN_REVERSION = 0.01

/** Share of a day's variance that happens overnight (the opening gap). */
export const GAP_VARIANCE_SHARE = 0.2

/** U shape w(τ) ∝ 1 + U_CURVATURE·(τ − ½)²: activity at the open and close is 4× that of midday. */
export const U_CURVATURE = 12

/** Fraction of shares outstanding traded on an average day. */
const DAILY_TURNOVER_RATE: Record<Market, number> = { jp: 0.0025, us: 0.005, cn: 0.006 }

const TRADING_DAYS_PER_YEAR = 252

/**
 * How often a stock prints grows with how much it trades: PRINTS_AT_REFERENCE prints a minute at
 * average activity for a stock trading REFERENCE_DAILY_VALUE a day (in its market's currency), as
 * the ⅔ power of its daily value (busy names trade in larger sizes too). So Toyota (≈ ¥110 bn a day)
 * prints about 150 times a minute, over once a second even in the midday lull (half the average
 * activity, see U_CURVATURE), while a small company trading ¥60 m a day prints about once a minute,
 * as thin Tokyo names do. A rate per code rather than one for all keeps the whole market's prints
 * (and the CPU of playing them) to what the busy names need.
 */
const REFERENCE_DAILY_VALUE: Record<Market, number> = { jp: 1e9, us: 1e9, cn: 1e9 }
const PRINTS_AT_REFERENCE = 6.4
const VALUE_EXPONENT = 2 / 3
const MIN_PRINTS_PER_MINUTE = 0.2
const MAX_PRINTS_PER_MINUTE = 180
/** An index is recomputed every few seconds, so it prints more often than most single stocks. */
const INDEX_PRINTS_PER_MINUTE = 30

/** Expected prints a minute at average activity of a stock trading `dailyValue` a day. */
export function printsPerMinuteOf(market: Market, dailyValue: number): number {
  const rate = PRINTS_AT_REFERENCE * (dailyValue / REFERENCE_DAILY_VALUE[market]) ** VALUE_EXPONENT
  return Math.min(MAX_PRINTS_PER_MINUTE, Math.max(MIN_PRINTS_PER_MINUTE, rate))
}

/** Per-instrument constants derived once from its listing. */
export interface InstrumentModel {
  /** Long-run daily volatility of log returns, jumps included. */
  dailyVol: number
  /** Long-run daily variance of the diffusion alone (GARCH's target): the listing's less the jumps'. */
  diffusionVariance: number
  /** Loading on the market factor (intraday diffusion). */
  factorLoading: number
  /** Expected jumps per day and the jump size's standard deviation (log). */
  jumpRate: number
  jumpVol: number
  /** Average shares traded per day (0 for an index). */
  averageVolume: number
  /** Expected prints per minute at average activity. */
  printsPerMinute: number
}

export function instrumentModel(listing: Listing): InstrumentModel {
  const dailyVol = listing.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR)
  const index = listing.kind === 'index'
  const jumpRate = index ? 1 / 250 : 1 / 60
  const jumpVol = (index ? 2 : 2.5) * dailyVol
  const averageVolume = index ? 0 : listing.sharesOutstanding * DAILY_TURNOVER_RATE[listing.market]
  return {
    dailyVol,
    diffusionVariance: dailyVol ** 2 - jumpRate * jumpVol ** 2,
    factorLoading: index ? 1 : 0.55,
    jumpRate,
    jumpVol,
    averageVolume,
    printsPerMinute: index
      ? INDEX_PRINTS_PER_MINUTE
      : printsPerMinuteOf(listing.market, averageVolume * listing.basePrice),
  }
}
