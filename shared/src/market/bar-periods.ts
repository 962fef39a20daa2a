import { isoDateToUtc, utcToIsoDate } from './iso-date'
import type { BarInterval } from './types'

const SECONDS_PER_DAY = 86_400

/**
 * Start of the period a bar's time falls in (epoch seconds), for every interval built from 1m or
 * 1d bars: the gateway merges bars by it and the chart folds live ticks into the same periods.
 *
 * @example periodStart('5m')(1_767_571_380) // 1_767_571_200
 */
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
    case '1y':
      return (time) => isoDateToUtc(`${utcToIsoDate(time * 1000).slice(0, 4)}-01-01`) / 1000
  }
}
