import type { Bar, BarInterval } from '@kabu/shared/market/types'
import { aggregate, periodStart, type UnitBar } from './bars'
import type { InstrumentSim } from './instrument'

const DAILY_OR_LONGER: ReadonlySet<BarInterval> = new Set(['1d', '1w', '1M'])

/**
 * Bars of one instrument. Daily, weekly and monthly bars come from the daily bars (a year of
 * history plus today's, which is the aggregate of today's prints). Intraday bars come from the 1m
 * bars the simulator keeps (the current day and the two before it); without a range they are the
 * current day's only, the intraday chart's usual request. A bar is returned when its start lies in
 * [from, to] (epoch seconds).
 */
export function barsOf(
  sim: InstrumentSim,
  interval: BarInterval,
  from?: number,
  to?: number,
): Bar[] {
  const source: UnitBar[] = []
  if (DAILY_OR_LONGER.has(interval)) {
    source.push(...sim.history)
    if (sim.day?.bar) source.push(sim.day.bar)
  } else {
    if (from !== undefined || to !== undefined) {
      for (const past of sim.pastMinuteDays) source.push(...past.bars)
    }
    if (sim.day) source.push(...sim.day.minuteBars)
  }
  const lowest = from ?? -Infinity
  const highest = to ?? Infinity
  return aggregate(source, periodStart(interval)).filter(
    (bar) => bar.time >= lowest && bar.time <= highest,
  )
}
