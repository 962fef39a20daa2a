import type { Bar } from '@kabu/shared/market/types'
import { priceToUnits, unitsToPrice } from '@kabu/shared/money/units'

/**
 * A bar in integer units: the wire's Bar shape with prices in 1/10,000 of the currency and turnover
 * in 1/10,000 too (price units × shares, exact while below 2^53, which a day of one instrument stays
 * under). `time` is epoch seconds of the bar's start, as on the wire.
 */
export type UnitBar = Bar

export function openBar(time: number, price: number, quantity: number): UnitBar {
  return {
    time,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: quantity,
    turnover: price * quantity,
  }
}

export function addPrint(bar: UnitBar, price: number, quantity: number): void {
  if (price > bar.high) bar.high = price
  if (price < bar.low) bar.low = price
  bar.close = price
  bar.volume += quantity
  bar.turnover += price * quantity
}

/**
 * Merges consecutive bars into periods named by `periodOf(bar.time)`. Turnover is summed as a
 * bigint: a month of a large stock's turnover can pass 2^53 units.
 */
export function aggregate(bars: readonly UnitBar[], periodOf: (time: number) => number): Bar[] {
  const out: Bar[] = []
  let current: UnitBar | null = null
  let turnover = 0n
  const flush = () => {
    if (current) out.push(toWire({ ...current, turnover: 0 }, turnover))
  }
  for (const bar of bars) {
    const period = periodOf(bar.time)
    if (!current || current.time !== period) {
      flush()
      current = { ...bar, time: period }
      turnover = BigInt(bar.turnover)
      continue
    }
    current.high = Math.max(current.high, bar.high)
    current.low = Math.min(current.low, bar.low)
    current.close = bar.close
    current.volume += bar.volume
    turnover += BigInt(bar.turnover)
  }
  flush()
  return out
}

/** A unit bar on the wire: prices as JSON numbers on the grid, turnover in currency. */
export function toWire(bar: UnitBar, turnover: bigint = BigInt(bar.turnover)): Bar {
  return {
    time: bar.time,
    open: unitsToPrice(bar.open),
    high: unitsToPrice(bar.high),
    low: unitsToPrice(bar.low),
    close: unitsToPrice(bar.close),
    volume: bar.volume,
    turnover: unitsToPrice(Number(turnover)),
  }
}

/** A bar of the wire (as `toWire` made it) in units again: exact, its prices being on the grid. */
export function fromWire(bar: Bar): UnitBar {
  return {
    time: bar.time,
    open: priceToUnits(bar.open),
    high: priceToUnits(bar.high),
    low: priceToUnits(bar.low),
    close: priceToUnits(bar.close),
    volume: bar.volume,
    turnover: priceToUnits(bar.turnover),
  }
}

// Periods are shared with the chart, which folds live ticks into the same weeks and months.
export { periodStart } from '@kabu/shared/market/bar-periods'
