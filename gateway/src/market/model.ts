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
  return {
    dailyVol,
    diffusionVariance: dailyVol ** 2 - jumpRate * jumpVol ** 2,
    factorLoading: index ? 1 : 0.55,
    jumpRate,
    jumpVol,
    averageVolume: index ? 0 : listing.sharesOutstanding * DAILY_TURNOVER_RATE[listing.market],
    // An index is recomputed every few seconds, so it prints more often than a single stock.
    printsPerMinute: index ? 30 : 10,
  }
}
