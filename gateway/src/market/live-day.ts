import type { Listing } from '@kabu/shared/market/types'
import { UNITS_PER_ONE, unitsToPrice } from '@kabu/shared/money/units'
import { isoDateToUtc } from '@kabu/shared/market/iso-date'
import { tseRenewalInterval } from '@kabu/shared/market/limits'
import { addPrint, openBar, type UnitBar } from './bars'
import type { MarketContext } from './context'
import type { DayPlan } from './day'
import type { InstrumentModel } from './model'
import { levelPath } from './path'
import type { Pricing } from './pricing'
import type { MinutePrints, PrintContext } from './prints'
import { randomStream } from './rng'
import { quietMinute } from './minute-summary'

/** A day walked minute by minute: today's, or the last one walked. */
export interface LiveDay {
  plan: DayPlan
  context: PrintContext
  /** Minute whose prints are loaded, and the next of them to play. */
  minute: number
  prints: MinutePrints | null
  next: number
  /** 1m bars of the minutes that traded, and the day's bar so far (null before the first print). */
  minuteBars: UnitBar[]
  /** Minutes from the day's start folded into `bar` and not kept in `minuteBars` (quietMinute). */
  quiet: number
  bar: UnitBar | null
  done: boolean
  /** TSE special-quote renewal interval in units (Japanese stocks; null elsewhere). */
  renewalInterval: number | null
}

/**
 * When catching up (start, a clock jump), the trading minutes before the last this many are played
 * as one bar each (minute-summary.ts). The last quarter of an hour of trading (before a lunch
 * break or a close too) is played print by print, so the tape and the ticks are real prints.
 */
export const PRINT_BY_PRINT_MINUTES = 15

/** How many of the day's minutes have started by `now` (starts ascend). */
export function minutesStartedBy(starts: Float64Array, now: number): number {
  let low = 0
  let high = starts.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((starts[mid] ?? 0) <= now) low = mid + 1
    else high = mid
  }
  return low
}

/** The day `plan` ready to walk: its minute path drawn, nothing played yet. */
export function startLiveDay(
  market: MarketContext,
  listing: Listing,
  model: InstrumentModel,
  pricing: Pricing,
  plan: DayPlan,
): LiveDay {
  const grid = market.grid(plan.date)
  const random = randomStream(market.seed, 'intraday', listing.code, plan.date)
  const levels = levelPath(plan, model, grid, market.factor(plan.date), random)
  const context = { plan, grid, levels, model, pricing, lot: listing.lot }
  return {
    plan,
    context,
    minute: -1,
    prints: null,
    next: 0,
    minuteBars: [],
    quiet: 0,
    bar: null,
    done: false,
    renewalInterval:
      listing.market === 'jp' && listing.kind === 'stock'
        ? tseRenewalInterval(unitsToPrice(plan.prevClose)) * UNITS_PER_ONE
        : null,
  }
}

/** Whether print `i` of the current minute is the day's first (its open) or last (its close). */
export function dayEdge(day: LiveDay, i: number, prints: MinutePrints): boolean {
  const lastMinute = day.context.grid.starts.length - 1
  return (
    (day.minute === 0 && i === 0) || (day.minute === lastMinute && i === prints.times.length - 1)
  )
}

/** The 1m bars of `day`: its quiet minutes (not kept, see quietMinute) made again, then the rest. */
export function minuteBarsOf(day: LiveDay): UnitBar[] {
  if (day.quiet === 0) return day.minuteBars
  const bars: UnitBar[] = []
  for (let j = 0; j < day.quiet; j++) {
    const minute = quietMinute(day.context, j)
    if (minute) bars.push(minute.bar)
  }
  return [...bars, ...day.minuteBars]
}

/** Folds a minute's bar into the day's bar; `keep` keeps it among the day's 1m bars too. */
export function addMinuteBar(day: LiveDay, bar: UnitBar, keep: boolean): void {
  const dayBar = day.bar
  if (!dayBar) day.bar = { ...bar, time: isoDateToUtc(day.plan.date) / 1000 }
  else {
    dayBar.high = Math.max(dayBar.high, bar.high)
    dayBar.low = Math.min(dayBar.low, bar.low)
    dayBar.close = bar.close
    dayBar.volume += bar.volume
    dayBar.turnover += bar.turnover
  }
  if (keep) day.minuteBars.push(bar)
}

/** Adds one print to the day's bar and to its current minute's bar (opened by its first print). */
export function addDayPrint(day: LiveDay, price: number, quantity: number): void {
  if (day.bar) addPrint(day.bar, price, quantity)
  else day.bar = openBar(isoDateToUtc(day.plan.date) / 1000, price, quantity)
  const minuteStart = (day.context.grid.starts[day.minute] ?? 0) / 1000
  const minuteBar = day.minuteBars[day.minuteBars.length - 1]
  if (minuteBar && minuteBar.time === minuteStart) addPrint(minuteBar, price, quantity)
  else day.minuteBars.push(openBar(minuteStart, price, quantity))
}
