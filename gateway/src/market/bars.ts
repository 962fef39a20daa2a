import type { Bar, BarInterval } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import { isoDateToUtc, utcToIsoDate } from '@kabu/shared/market/iso-date'

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

const SECONDS_PER_DAY = 86_400

/** Start of the period a bar's time falls in, for every interval aggregated from 1m or 1d bars. */
export function periodStart(interval: BarInterval): (time: number) => number {
  switch (interval) {
    case '1m':
    case '1d':
      return (time) => time
    case '5m':
    case '15m':
    case '30m': {
      // Every session of the three markets opens on a half hour, so UTC buckets line up with them.
      const seconds = Number.parseInt(interval, 10) * 60
      return (time) => time - (time % seconds)
    }
    case '1w':
      // Weeks start on Monday; 1970-01-01 was a Thursday.
      return (time) => {
        const day = Math.floor(time / SECONDS_PER_DAY)
        return (day - ((day + 3) % 7)) * SECONDS_PER_DAY
      }
    case '1M':
      return (time) => isoDateToUtc(`${utcToIsoDate(time * 1000).slice(0, 7)}-01`) / 1000
  }
}
