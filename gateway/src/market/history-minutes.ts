import type { UnitBar } from './bars'
import type { MinuteGrid } from './grid'

/** Where a day's bars start (epoch ms) and their share of its activity: minutes or longer periods. */
export type BarGrid = Pick<MinuteGrid, 'starts' | 'weights'>
import type { Pricing } from './pricing'
import type { Random } from './rng'

/**
 * 1-minute (or longer) bars for a day of history the simulator priced whole (only the last few days keep their
 * real minutes). Regenerated on request from the day's bar and a seeded stream, never stored: a
 * year of 122 instruments' minutes would be ~30 M bars. The path runs open → high → low → close (or
 * low first) through Brownian bridges in log price, clamped into the day's range and snapped to the
 * tick grid, so the minutes' open, high, low, close and volume are exactly the day's.
 */
export function historyMinuteBars(
  day: UnitBar,
  grid: BarGrid,
  pricing: Pricing,
  lot: number,
  random: Random,
): UnitBar[] {
  const n = grid.starts.length
  if (n === 0) return []
  if (n === 1) return [{ ...day, time: (grid.starts[0] ?? 0) / 1000 }]
  const levels = boundaryLevels(day, n, random)
  const step = Math.log(day.high / day.low) / Math.sqrt(n) / 2
  const volumes = splitVolume(day.volume, grid.weights, lot, random)
  const inRange = (units: number) => Math.min(day.high, Math.max(day.low, pricing.snap(units)))
  const bars: UnitBar[] = []
  for (let j = 0; j < n; j++) {
    const open = inRange(levels[j] ?? day.open)
    const close = inRange(levels[j + 1] ?? day.close)
    // Prices a little beyond the minute's ends, as trades inside a minute stray.
    const high = Math.max(
      open,
      close,
      inRange(Math.max(open, close) * Math.exp(wiggle(random, step))),
    )
    const low = Math.min(
      open,
      close,
      inRange(Math.min(open, close) / Math.exp(wiggle(random, step))),
    )
    const volume = volumes[j] ?? 0
    const typical = Math.round((open + high + low + close) / 4)
    bars.push({
      time: (grid.starts[j] ?? 0) / 1000,
      open,
      high,
      low,
      close,
      volume,
      turnover: volume * typical,
    })
  }
  return bars
}

const wiggle = (random: Random, step: number) => Math.abs(random.normal()) * step * 0.3

/**
 * Prices at the n + 1 minute boundaries: the open first, the close last, and the day's high and
 * low each at a boundary of its own, joined by Brownian bridges (in log units).
 */
function boundaryLevels(day: UnitBar, n: number, random: Random): Float64Array {
  const at = (price: number, fallback: () => number) =>
    price === day.open ? 0 : price === day.close ? n : fallback()
  const inner = () => 1 + Math.floor(random.uniform() * (n - 1))
  const highAt = at(day.high, inner)
  let lowAt = at(day.low, inner)
  // Two different prices need two different boundaries (high = low is a flat day, any will do).
  if (lowAt === highAt && day.high !== day.low) lowAt = highAt < n - 1 ? highAt + 1 : highAt - 1
  const anchors = [
    { at: 0, value: day.open },
    { at: highAt, value: day.high },
    { at: lowAt, value: day.low },
    { at: n, value: day.close },
  ].sort((a, b) => a.at - b.at)
  const levels = new Float64Array(n + 1)
  const scale = Math.log(day.high / day.low) / Math.sqrt(n)
  for (let k = 0; k + 1 < anchors.length; k++) {
    const from = anchors[k]
    const to = anchors[k + 1]
    if (!from || !to) continue
    const span = to.at - from.at
    const walk = [0]
    for (let i = 1; i <= span; i++) walk.push((walk[i - 1] ?? 0) + scale * random.normal())
    const miss = walk[span] ?? 0
    const a = Math.log(from.value)
    const b = Math.log(to.value)
    for (let i = 0; i <= span; i++) {
      const t = span === 0 ? 1 : i / span
      levels[from.at + i] = Math.exp(a + (b - a) * t + (walk[i] ?? 0) - t * miss)
    }
  }
  return levels
}

/**
 * The day's volume over its minutes by their activity weights with lognormal noise, in whole lots
 * (lot 0, an index: no volume). What rounding leaves over trades in the closing minute.
 */
function splitVolume(volume: number, weights: Float64Array, lot: number, random: Random): number[] {
  const n = weights.length
  if (lot <= 0 || volume <= 0) return new Array<number>(n).fill(0)
  const noisy = Array.from(weights, (w) => w * Math.exp(0.4 * random.normal()))
  const total = noisy.reduce((sum, w) => sum + w, 0)
  const lots = Math.floor(volume / lot)
  const out = noisy.map((w) => Math.floor((lots * w) / total) * lot)
  const given = out.reduce((sum, v) => sum + v, 0)
  out[n - 1] = (out[n - 1] ?? 0) + volume - given
  return out
}
