import type { Market } from '@kabu/shared/market/types'
import {
  GAP_VARIANCE_SHARE,
  GARCH,
  MAX_VARIANCE_MULTIPLE,
  MEAN_REVERSION,
  type InstrumentModel,
} from './model'
import { clampToLimits, type Limits, type Pricing } from './pricing'
import { randomStream } from './rng'

/** The random draws of one instrument-day: everything the daily model needs, nothing priced yet. */
export interface DayShocks {
  /** Variance of the day's log return (GARCH), before the draws. */
  variance: number
  /** Overnight log move. */
  gap: number
  /** Standard-normal end points of the intraday diffusion: the market factor and the own part. */
  factorEnd: number
  ownEnd: number
  /** Total log jump and where in the day's activity time (0..1) it happens. */
  jump: number
  jumpAt: number
  volumeNoise: number
  /** Uniforms that place the day's high and low when no minute path is built. */
  highDraw: number
  lowDraw: number
}

/** The market factor's end point for a day: shared by every instrument of the market. */
export function factorEnd(seed: number, market: Market, date: string): number {
  return randomStream(seed, 'factor', market, date).normal()
}

/** One instrument-day's draws; `factor` is the day's market factor end point ({@link factorEnd}). */
export function drawDay(
  seed: number,
  code: string,
  factor: number,
  date: string,
  variance: number,
  model: InstrumentModel,
): DayShocks {
  const random = randomStream(seed, 'day', code, date)
  const gap = Math.sqrt(variance * GAP_VARIANCE_SHARE) * random.normal()
  const ownEnd = random.normal()
  const volumeNoise = random.normal()
  const highDraw = random.uniform()
  const lowDraw = random.uniform()
  const jumpAt = random.uniform()
  let jump = 0
  for (let n = random.poisson(model.jumpRate); n > 0; n--) jump += model.jumpVol * random.normal()
  return {
    variance,
    gap,
    factorEnd: factor,
    ownEnd,
    jump,
    jumpAt,
    volumeNoise,
    highDraw,
    lowDraw,
  }
}

/** Standard deviation of the intraday diffusion (the variance left after the overnight gap). */
export const intradayVol = (shocks: DayShocks) =>
  Math.sqrt(shocks.variance * (1 - GAP_VARIANCE_SHARE))

/** The day's diffusion in log terms: the factor part and the own part by the model's loading. */
export function diffusionEnd(shocks: DayShocks, model: InstrumentModel): number {
  const rho = model.factorLoading
  return intradayVol(shocks) * (rho * shocks.factorEnd + Math.sqrt(1 - rho * rho) * shocks.ownEnd)
}

/** The day's diffusive log move: overnight gap and intraday diffusion (no drift, no jump). */
export const diffusiveShock = (shocks: DayShocks, model: InstrumentModel) =>
  shocks.gap + diffusionEnd(shocks, model)

/**
 * GARCH(1,1): tomorrow's variance from today's diffusive shock and variance. Jumps stay out of the
 * recursion: fed in, they would raise the long-run variance by α·λ·J²/(1 − α − β), 60 % here.
 */
export function nextVariance(shocks: DayShocks, model: InstrumentModel): number {
  const longRun = model.diffusionVariance
  const omega = longRun * (1 - GARCH.alpha - GARCH.beta)
  const shock = diffusiveShock(shocks, model)
  const next = omega + GARCH.alpha * shock ** 2 + GARCH.beta * shocks.variance
  return Math.min(next, longRun * MAX_VARIANCE_MULTIPLE)
}

/** A day priced: previous close, limits, open and the close the day's path ends on (units). */
export interface DayPlan {
  date: string
  shocks: DayShocks
  /** Log drift of the day: GBM's −½σ² plus the pull back toward the anchor price. */
  drift: number
  prevClose: number
  limits: Limits | null
  open: number
  /** The close before the grid: the end of the intraday log path. */
  idealClose: number
  close: number
  /** Shares the day is expected to trade. */
  volumeTarget: number
}

/**
 * Prices a day from the previous close. `anchor` is the listing's base price in units: a weak pull
 * toward it (half-life of about three months) keeps a year of history, and a simulator left running
 * for months, at plausible levels while the daily moves stay GBM-like.
 */
export function planDay(
  date: string,
  shocks: DayShocks,
  prevClose: number,
  anchor: number,
  model: InstrumentModel,
  pricing: Pricing,
  lot: number,
): DayPlan {
  const limits = pricing.limits(prevClose)
  const drift = -shocks.variance / 2 - MEAN_REVERSION * Math.log(prevClose / anchor)
  const open = clampToLimits(pricing.snap(prevClose * Math.exp(shocks.gap)), limits)
  const idealClose = open * Math.exp(drift + diffusionEnd(shocks, model) + shocks.jump)
  const close = clampToLimits(pricing.snap(idealClose), limits)
  // Volume rises with the size of the day's move and carries lognormal noise (mean one).
  const moveSize = Math.min(
    4,
    Math.abs(diffusiveShock(shocks, model) + shocks.jump) / model.dailyVol,
  )
  const expected = model.averageVolume * (0.5 + 0.6 * moveSize)
  const lots =
    lot > 0 ? Math.round((expected * Math.exp(0.35 * shocks.volumeNoise - 0.06)) / lot) : 0
  return {
    date,
    shocks,
    drift,
    prevClose,
    limits,
    open,
    idealClose,
    close,
    volumeTarget: lots * lot,
  }
}
