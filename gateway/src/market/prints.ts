import { intradayVol, type DayPlan } from './day'
import { MINUTE_MS, type MinuteGrid } from './grid'
import type { InstrumentModel } from './model'
import type { Pricing } from './pricing'
import type { Random } from './rng'

/** The trades of one minute, in time order: epoch ms, price in units, shares. */
export interface MinutePrints {
  times: Float64Array
  prices: Float64Array
  quantities: Float64Array
}

export interface PrintContext {
  plan: DayPlan
  grid: MinuteGrid
  levels: Float64Array
  model: InstrumentModel
  pricing: Pricing
  lot: number
}

/**
 * Prints of minute `j`: Poisson arrivals in proportion to the minute's activity, prices along a
 * small Brownian bridge between the path's levels at the minute's edges, on the grid and inside the
 * limits. The day's first print is its open and its last print is its close, so the daily model,
 * the minute bars and the ticks all tell the same story. Building today's minutes at start plays
 * hundreds of thousands of these, hence typed arrays and one pass.
 */
export function minutePrints(context: PrintContext, j: number, random: Random): MinutePrints {
  const { plan, grid, levels, model, pricing, lot } = context
  const minutes = grid.weights.length
  const weight = grid.weights[j] ?? 0
  const first = j === 0
  const last = j === minutes - 1
  let count = random.poisson(model.printsPerMinute * weight * minutes)
  if ((first || last) && count === 0) count = 1

  const times = new Float64Array(count)
  for (let i = 0; i < count; i++) times[i] = Math.floor(random.uniform() * MINUTE_MS)
  times.sort()
  if (first && count > 0) times[0] = 0
  if (last && count > 0) times[count - 1] = MINUTE_MS - 1

  // A walk through the print times, then pinned so that it ends where the minute's level ends.
  const scale = intradayVol(plan.shocks) * Math.sqrt(weight)
  const walk = new Float64Array(count)
  let position = 0
  let previous = 0
  for (let i = 0; i < count; i++) {
    const fraction = (times[i] ?? 0) / MINUTE_MS
    position += scale * Math.sqrt(fraction - previous) * random.normal()
    walk[i] = position
    previous = fraction
  }
  const miss = position + scale * Math.sqrt(1 - previous) * random.normal()

  const from = levels[j] ?? 0
  const to = levels[j + 1] ?? from
  const start = grid.starts[j] ?? 0
  const { limits } = plan
  const up = limits ? limits.up : Infinity
  const down = limits ? limits.down : 0
  const meanLots = plan.volumeTarget / Math.max(1, lot) / (model.printsPerMinute * minutes)
  const prices = new Float64Array(count)
  const quantities = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    const fraction = (times[i] ?? 0) / MINUTE_MS
    const level = from + fraction * (to - from - miss) + (walk[i] ?? 0)
    prices[i] = Math.min(up, Math.max(down, pricing.snap(Math.exp(level))))
    // Trade sizes are lognormal around the day's average, in whole lots, at least one lot.
    const lots = Math.max(1, Math.round(meanLots * Math.exp(0.6 * random.normal() - 0.18)))
    quantities[i] = lot > 0 ? lots * lot : 0
    times[i] = start + (times[i] ?? 0)
  }
  if (first && count > 0) prices[0] = plan.open
  if (last && count > 0) prices[count - 1] = plan.close
  return { times, prices, quantities }
}
