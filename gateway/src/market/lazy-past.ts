import type { CorporateAction } from '@kabu/shared/market/types'
import type { UnitBar } from './bars'
import type { MarketContext } from './context'
import type { LazyPast } from './daily-history'
import { InstrumentSim } from './instrument'
import { yearRangeOfBars, type YearRange } from './year-range'

/**
 * The year before `startDay` of an instrument built without it (the long tail of the market, see
 * simulator.ts), priced only when asked for. The daily model walks that year from the history's
 * first day, as for every other listing; the walk is then scaled so that its last close is the
 * level `sim` started from, and snapped back onto the tick grid. Scaling keeps every daily return
 * and the shape of the path, so the chart reads as one history, at the cost of the absolute level a
 * walk from the first day would have reached (simulated either way).
 */
export function lazyPast(
  context: MarketContext,
  sim: () => InstrumentSim,
  firstDate: string,
  startDay: string,
): LazyPast {
  let range: YearRange | null = null
  const shadowWalk = () => {
    const owner = sim()
    const shadow = new InstrumentSim(context, owner.listing, firstDate)
    shadow.priceDaysBefore(startDay)
    const scale = owner.firstPrevClose / shadow.price
    return { shadow, scale, snap: (units: number) => owner.pricing.snap(units * scale) }
  }
  const walk = () => {
    const { shadow, scale, snap } = shadowWalk()
    const bars = shadow.history.map((bar): UnitBar => ({
      ...bar,
      open: snap(bar.open),
      high: snap(bar.high),
      low: snap(bar.low),
      close: snap(bar.close),
      turnover: Math.round(bar.turnover * scale),
    }))
    const actions: CorporateAction[] = shadow.actions?.applied.slice() ?? []
    return { bars, actions }
  }
  return {
    bars: walk,
    yearRange() {
      if (range) return range
      // The range of the scaled bars without making them: snapping and scaling keep the order.
      const { shadow, snap } = shadowWalk()
      const unscaled = yearRangeOfBars(shadow.history)
      range =
        unscaled.high > -Infinity
          ? { high: snap(unscaled.high), low: snap(unscaled.low) }
          : unscaled
      return range
    },
    priced: () => range !== null,
  }
}
