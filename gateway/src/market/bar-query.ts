import { adjustBars } from '@kabu/shared/market/adjust'
import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import type { Bar, BarInterval, CorporateAction, PriceAdjust } from '@kabu/shared/market/types'
import { aggregate, periodStart, type UnitBar } from './bars'
import { minuteGrid, type MinuteGrid } from './grid'
import { historyMinuteBars, type BarGrid } from './history-minutes'
import type { InstrumentSim } from './instrument'
import { randomStream } from './rng'

const DAILY_OR_LONGER: ReadonlySet<BarInterval> = new Set(['1d', '1w', '1M', '1y'])
const DAY_S = 86_400
/**
 * Most bars one request returns (the latest ones). A year of 1-minute bars around the clock would
 * be half a million bars and 60 MB of JSON; 20,000 is a year of 5-minute bars of a real session.
 */
export const MAX_BARS = 20_000

/** One trading day's bars and its local date (the day a corporate action's ex-date is compared to). */
interface DayChunk {
  date: string
  bars: UnitBar[]
}

/**
 * Bars of one instrument. Daily, weekly and monthly bars come from the daily bars (a year of
 * history plus today's, which is the aggregate of today's prints). Intraday bars come from the 1m
 * bars: the simulator's own for the current day and the two before it, regenerated from the daily
 * bar for older days (see historyMinuteBars); without a range they are the current day's only, the
 * intraday chart's usual request. Prices are adjusted for corporate actions before bars are merged
 * into longer periods. A bar is returned when its start lies in [from, to] (epoch seconds).
 */
export function barsOf(
  sim: InstrumentSim,
  interval: BarInterval,
  from?: number,
  to?: number,
  adjust: PriceAdjust = 'none',
): Bar[] {
  const lowest = from ?? -Infinity
  const highest = to ?? Infinity
  const chunks = DAILY_OR_LONGER.has(interval)
    ? dailyChunks(sim, lowest)
    : minuteChunks(sim, interval, from === undefined && to === undefined, lowest, highest)
  const actions = sim.actions?.applied ?? []
  const source = chunks.flatMap((chunk) => adjusted(chunk, actions, adjust))
  const bars = aggregate(source, periodStart(interval)).filter(
    (bar) => bar.time >= lowest && bar.time <= highest,
  )
  return bars.length > MAX_BARS ? bars.slice(-MAX_BARS) : bars
}

function dailyChunks(sim: InstrumentSim, lowest: number): DayChunk[] {
  const bars = sim.day?.bar ? [...sim.history, sim.day.bar] : sim.history
  // A period that starts at or after `lowest` holds only days at or after it, so the days before
  // never reach the answer; dated and adjusted all the same, they made a week's bars (the short
  // rule's read) cost as much as the whole year's.
  return bars
    .filter((bar) => bar.time >= lowest)
    .map((bar) => ({ date: utcToIsoDate(bar.time * 1000), bars: [bar] }))
}

function minuteChunks(
  sim: InstrumentSim,
  interval: BarInterval,
  currentOnly: boolean,
  lowest: number,
  highest: number,
): DayChunk[] {
  const current = sim.day ? [{ date: sim.day.plan.date, bars: sim.minuteBarsOf(sim.day) }] : []
  if (currentOnly) return current
  const walked = new Set([...sim.pastMinuteDays.map((d) => d.date), ...current.map((d) => d.date)])
  // The context's sessions are memoised; the calendar's own answer works out time zones each time.
  const calendar = { ...sim.market.calendar, sessions: sim.market.sessions }
  const older: DayChunk[] = []
  let count = 0
  // Newest first, so the work stops where MAX_BARS would cut the answer anyway.
  for (let i = sim.history.length - 1; i >= 0 && count < MAX_BARS; i--) {
    const day = sim.history[i]
    // A day's bar is stamped 00:00 UTC of its local date; its sessions lie within a day either side.
    if (!day || day.time + 2 * DAY_S < lowest || day.time - DAY_S > highest) continue
    const date = utcToIsoDate(day.time * 1000)
    if (walked.has(date)) continue
    const grid = periodGrid(minuteGrid(calendar, date), interval)
    const random = randomStream(sim.market.seed, 'history-minutes', sim.listing.code, date)
    const bars = historyMinuteBars(day, grid, sim.pricing, sim.listing.lot, random)
    older.push({ date, bars })
    count += bars.length
  }
  return [...older.reverse(), ...sim.pastMinuteDays, ...current]
}

/**
 * The minute grid merged into the interval's periods (weights summed), so a regenerated day costs
 * one step per bar shown rather than one per minute.
 */
function periodGrid(grid: MinuteGrid, interval: BarInterval): BarGrid {
  if (interval === '1m') return grid
  const periodOf = periodStart(interval)
  const starts: number[] = []
  const weights: number[] = []
  grid.starts.forEach((start, j) => {
    const period = periodOf(start / 1000) * 1000
    const w = grid.weights[j] ?? 0
    if (starts.at(-1) === period) weights[weights.length - 1] = (weights.at(-1) ?? 0) + w
    else {
      starts.push(period)
      weights.push(w)
    }
  })
  return { starts: Float64Array.from(starts), weights: Float64Array.from(weights) }
}

/** A day's bars adjusted, prices back on whole units and volumes on whole shares. */
function adjusted(
  chunk: DayChunk,
  actions: readonly CorporateAction[],
  mode: PriceAdjust,
): UnitBar[] {
  if (mode === 'none' || actions.length === 0) return chunk.bars
  return adjustBars(chunk.bars, actions, mode, () => chunk.date).map((bar) => ({
    ...bar,
    open: Math.round(bar.open),
    high: Math.round(bar.high),
    low: Math.round(bar.low),
    close: Math.round(bar.close),
    volume: Math.round(bar.volume),
  }))
}
