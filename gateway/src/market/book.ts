import { BOOK_LEVELS, type PrintSide } from '@kabu/shared/market/depth'
import type { Limits, Pricing } from './pricing'
import type { Random } from './rng'

/** A level in integer units: price in 1/10,000, size in shares. */
export interface UnitLevel {
  price: number
  size: number
}

/** What the simulated book is derived from: the instrument's state at its latest print. */
export interface BookState {
  /** Last print, in units, on the grid. */
  price: number
  /** Aggressor of the last print: a buy lifted the ask (so it printed at the ask), a sell hit the bid. */
  lastSide: PrintSide
  limits: Limits | null
  lot: number
  /** Average print size in lots (the day's volume over its expected prints). */
  meanLots: number
  /** Activity of the current minute relative to the day's average (the U shape: ~2 at the open). */
  activity: number
  /** Long-run daily volatility of log returns. */
  dailyVol: number
}

/** A book's levels per side, best first, in units. */
export interface UnitBook {
  bids: UnitLevel[]
  asks: UnitLevel[]
}

/** Daily volatility at which the book has its plain depth; a wilder stock has a thinner book. */
const REFERENCE_DAILY_VOL = 0.018
/** The order queued at a stop-high or stop-low price, in average-level multiples. */
const LIMIT_QUEUE = 6

/**
 * The simulated order book (板) around the last print, on the tick grid. Nobody keeps resting
 * orders in the simulator, so the book is derived, deterministically from `random` (seeded by the
 * instrument's seq: the same print always shows the same book), from what a real book correlates
 * with: the last print sits at the touch it traded against; sizes, in whole lots, grow away from
 * the touch, with the minute's activity, and shrink with volatility; a thinly traded stock shows a
 * wider spread and empty ticks. Nothing is quoted beyond the day's limits: at stop-high the buyers
 * queue at the limit and there is no ask, at stop-low the reverse.
 */
export function simulatedBook(
  state: BookState,
  pricing: Pricing,
  random: Random,
  levels = BOOK_LEVELS,
): UnitBook {
  const { limits, lot } = state
  if (lot <= 0) return { bids: [], asks: [] }
  const price = limits ? Math.min(limits.up, Math.max(limits.down, state.price)) : state.price
  const up = limits?.up ?? Infinity
  const down = limits?.down ?? 0
  const above = (units: number) => pricing.snap(units + 1, 'up')
  const below = (units: number) => {
    // Already past the lowest tick (a hole skipped twice there): still nothing below.
    if (!Number.isFinite(units)) return -Infinity
    const next = pricing.snap(units - 1, 'down')
    // At the lowest tick, snap cannot go lower: there is no price below.
    return next < units ? next : -Infinity
  }

  const atUp = limits !== null && price >= up
  const atDown = limits !== null && price <= down && !atUp
  const bidSide = atUp || (!atDown && state.lastSide === 'sell')
  let bestBid = bidSide ? price : below(price)
  let bestAsk = bidSide ? above(price) : price

  // Thin books: about one print in a while, so a few lots a level; the chance of a hole grows.
  const depth = Math.max(0.2, state.meanLots * state.activity)
  const calm = Math.min(
    2,
    Math.max(0.5, Math.sqrt(REFERENCE_DAILY_VOL / Math.max(1e-6, state.dailyVol))),
  )
  const thin = 1 / (1 + depth)
  if (random.uniform() < 0.5 * thin) {
    if (bidSide) bestAsk = above(bestAsk)
    else bestBid = below(bestBid)
  }

  const side = (best: number, step: (units: number) => number, inside: (p: number) => boolean) => {
    const out: UnitLevel[] = []
    let at = best
    for (let i = 0; out.length < levels && inside(at); i++) {
      // Lognormal noise around a size that grows away from the touch.
      const noise = Math.exp(0.5 * random.normal() - 0.125)
      let lots = Math.max(1, Math.round(depth * calm * (1.5 + 0.5 * i) * noise))
      if ((atUp && at === up) || (atDown && at === down)) lots *= LIMIT_QUEUE
      out.push({ price: at, size: lots * lot })
      at = step(at)
      if (random.uniform() < 0.3 * thin) at = step(at)
    }
    return out
  }
  return {
    bids: side(bestBid, below, (p) => p >= down && p > 0),
    asks: side(bestAsk, above, (p) => p <= up),
  }
}
