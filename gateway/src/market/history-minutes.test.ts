import type { Bar, BarInterval } from '@kabu/shared/market/types'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BARS } from './bar-query'
import { createMarket, type MarketService } from './index'

// A Tuesday, 14:00 in Tokyo: today and two days before keep their walked minutes, older days not.
const NOW = Date.parse('2026-03-10T05:00:00Z')
const DAY = 86_400
let market: MarketService

beforeAll(() => {
  market = createMarket({
    clock: { now: () => NOW },
    seed: 5,
    marketHours: 'real',
    logger: pino({ level: 'silent' }),
  })
})

/**
 * The intraday bars of the local day whose daily bar is `day`, merged back into one bar. Every
 * session of the three markets lies within the UTC date of its local date.
 */
function merged(code: string, interval: BarInterval, day: Bar) {
  const bars = market.bars(code, interval, day.time - DAY, day.time + 2 * DAY)
  const own = bars.filter((b) => b.time >= day.time && b.time < day.time + DAY)
  return {
    count: own.length,
    open: own[0]?.open,
    high: Math.max(...own.map((b) => b.high)),
    low: Math.min(...own.map((b) => b.low)),
    close: own.at(-1)?.close,
    volume: own.reduce((sum, b) => sum + b.volume, 0),
  }
}

describe('intraday bars of past days', () => {
  it.each([
    ['7203', '1m', 330],
    ['AAPL', '5m', 78],
    ['600519', '30m', 8],
  ] as const)('%s %s of a day months ago add up to its daily bar', (code, interval, count) => {
    const daily = market.bars(code, '1d')
    for (const day of [daily[20], daily[150]] as Bar[]) {
      expect(merged(code, interval, day)).toEqual({
        count,
        open: day.open,
        high: day.high,
        low: day.low,
        close: day.close,
        volume: day.volume,
      })
    }
  })

  it('are the same on every request (regenerated from the seed)', () => {
    const first = market.bars('6758', '15m', 0, Math.floor(NOW / 1000) - 30 * DAY)
    expect(first.length).toBeGreaterThan(1000)
    expect(market.bars('6758', '15m', 0, Math.floor(NOW / 1000) - 30 * DAY)).toEqual(first)
  })

  it('cover a year at 5 minutes and stop at MAX_BARS for a year of minutes', () => {
    const from = Math.floor(NOW / 1000) - 365 * DAY
    const fiveMinutes = market.bars('7203', '5m', from)
    expect(fiveMinutes.length).toBeGreaterThan(14_000)
    expect(fiveMinutes[0]?.time).toBeLessThan(from + 7 * DAY)
    const minutes = market.bars('AAPL', '1m', from)
    expect(minutes.length).toBe(MAX_BARS)
    const times = minutes.map((b) => b.time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })
})
