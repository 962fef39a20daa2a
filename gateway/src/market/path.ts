import type { Random } from './rng'
import { intradayVol, type DayPlan } from './day'
import type { MinuteGrid } from './grid'
import type { InstrumentModel } from './model'

/**
 * A Brownian bridge in activity time: standard-normal increments scaled by each minute's weight,
 * pinned to end at `end`. Values at the minute boundaries, 0 at the start.
 */
export function bridge(random: Random, weights: Float64Array, elapsed: Float64Array, end: number) {
  const path = new Float64Array(weights.length + 1)
  for (let j = 0; j < weights.length; j++) {
    path[j + 1] = (path[j] ?? 0) + Math.sqrt(weights[j] ?? 0) * random.normal()
  }
  const miss = (path[weights.length] ?? 0) - end
  for (let j = 1; j <= weights.length; j++) path[j] = (path[j] ?? 0) - (elapsed[j] ?? 0) * miss
  return path
}

/**
 * The day's log-price path at minute boundaries (log of units): from the open to the ideal close,
 * the market factor's bridge and the instrument's own bridge mixed by its loading, plus the day's
 * jump at its minute. Both bridges end where the daily model said, so the path ends on its close.
 */
export function levelPath(
  plan: DayPlan,
  model: InstrumentModel,
  grid: MinuteGrid,
  factor: Float64Array,
  random: Random,
): Float64Array {
  const { shocks } = plan
  const own = bridge(random, grid.weights, grid.elapsed, shocks.ownEnd)
  const scale = intradayVol(shocks)
  const rho = model.factorLoading
  const ownLoading = Math.sqrt(1 - rho * rho)
  const start = Math.log(plan.open)
  const levels = new Float64Array(own.length)
  for (let j = 0; j < own.length; j++) {
    const tau = grid.elapsed[j] ?? 0
    const diffusion = scale * (rho * (factor[j] ?? 0) + ownLoading * (own[j] ?? 0))
    const jumped = j > 0 && tau >= shocks.jumpAt ? shocks.jump : 0
    levels[j] = start + plan.drift * tau + diffusion + jumped
  }
  // The last boundary is the ideal close exactly, whatever the float sums say.
  levels[own.length - 1] = Math.log(plan.idealClose)
  return levels
}
