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

let walkBuffer = new Float64Array(256)
/** A buffer for the walk within a minute, reused: it lives only while one minute is drawn. */
function scratch(length: number): Float64Array {
  if (walkBuffer.length < length) walkBuffer = new Float64Array(length * 2)
  return walkBuffer
}

/** The prints of a minute without any (shared: nobody writes to a minute's prints). */
const NO_PRINTS: MinutePrints = {
  times: new Float64Array(0),
  prices: new Float64Array(0),
  quantities: new Float64Array(0),
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
  // A quiet minute, the usual one of a thinly traded code: nothing to allocate.
  if (count === 0) return NO_PRINTS

  const times = new Float64Array(count)
  for (let i = 0; i < count; i++) times[i] = Math.floor(random.uniform() * MINUTE_MS)
  times.sort()
  if (first && count > 0) times[0] = 0
  if (last && count > 0) times[count - 1] = MINUTE_MS - 1

  // A walk through the print times, then pinned so that it ends where the minute's level ends.
  const scale = intradayVol(plan.shocks) * Math.sqrt(weight)
  const walk = scratch(count)
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

/** A TSE special quote (特別気配) in force: its side, its price in units, when it next moves. */
export interface SpecialQuoteState {
  side: 'bid' | 'ask'
  price: number
  nextMoveAt: number
}

/** A special quote moves by one renewal interval this often (MARKET-RULES.md §1). */
export const SPECIAL_QUOTE_STEP_MS = 3 * MINUTE_MS

/** What the special-quote rule makes of one simulated print. */
export interface SpecialQuoteStep {
  /** The special quote after the print (null: the code trades normally). */
  special: SpecialQuoteState | null
  /** Whether the print trades (false: it is swallowed while the quote shows). */
  trades: boolean
}

// Most prints trade: one shared answer spares hundreds of thousands of allocations at start.
const TRADES: SpecialQuoteStep = { special: null, trades: true }

// Not a closure inside specialQuoteStep: that runs for every print, and a closure per call costs
// more there than the rule itself.
const clampTo = (limits: { up: number; down: number } | null, p: number) =>
  Math.min(limits?.up ?? Infinity, Math.max(limits?.down ?? 0, p))

/**
 * The TSE special-quote rule applied to the next simulated print at `price` (units) and `time`:
 * a print further than `interval` from the last trade does not trade; a special quote shows one
 * interval beyond the last price instead (bid side when the path went up, ask side when down) and
 * moves one more interval every 3 minutes, never past the day's limit, until the path is back
 * within it. The print that reaches the quote trades, and normal trading resumes.
 *
 * @example specialQuoteStep(null, 25_000_000, 26_000_000, t, 500_000, null) // bid at 25_500_000, no trade
 */
export function specialQuoteStep(
  current: SpecialQuoteState | null,
  last: number,
  price: number,
  time: number,
  interval: number,
  limits: { up: number; down: number } | null,
): SpecialQuoteStep {
  if (current === null) {
    if (Math.abs(price - last) <= interval) return TRADES
    const side = price > last ? 'bid' : 'ask'
    const start = clampTo(limits, side === 'bid' ? last + interval : last - interval)
    return {
      special: { side, price: start, nextMoveAt: time + SPECIAL_QUOTE_STEP_MS },
      trades: false,
    }
  }
  const special = { ...current }
  const direction = special.side === 'bid' ? 1 : -1
  while (time >= special.nextMoveAt) {
    special.price = clampTo(limits, special.price + direction * interval)
    special.nextMoveAt += SPECIAL_QUOTE_STEP_MS
  }
  const reached = special.side === 'bid' ? price <= special.price : price >= special.price
  return reached ? TRADES : { special, trades: false }
}
