import { describe, expect, it } from 'vitest'
import type { Bar, Quote } from '@kabu/shared/market/types'
import {
  dailyBarTime,
  minuteStateFrom,
  nextDailyBar,
  nextMinuteBar,
  nextPeriodBar,
  periodStateFrom,
  scaleQuote,
  upsertBar,
  type MinuteState,
} from './bars'
import { periodStart } from '@kabu/shared/market/bar-periods'

// 2026-03-10 10:00 in Tokyo = 01:00 UTC.
const TOKYO_10AM = Date.UTC(2026, 2, 10, 1, 0, 0)
const DAY = '2026-03-10'

function quote(at: number, price: number, volume: number, extra: Partial<Quote> = {}): Quote {
  return {
    code: '7203',
    market: 'jp',
    kind: 'stock',
    name: { ja: 'トヨタ自動車', zh: '丰田汽车', en: 'Toyota Motor' },
    price,
    prevClose: 2800,
    open: 2790,
    high: 2850,
    low: 2780,
    volume,
    turnover: volume * price,
    change: price - 2800,
    changePct: ((price - 2800) / 2800) * 100,
    marketCap: 0,
    limitUp: 3300,
    limitDown: 2300,
    time: at,
    seq: 1,
    trading: true,
    ...extra,
  }
}

const bar = (time: number, o: number, h: number, l: number, c: number, v: number): Bar => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
  turnover: v * c,
})

describe('daily bars from quotes', () => {
  it('dates a bar by the exchange’s local day, not UTC', () => {
    // 23:30 UTC on the 9th is already 08:30 on the 10th in Tokyo, but still the 9th in New York.
    const at = Date.UTC(2026, 2, 9, 23, 30)
    expect(dailyBarTime('jp', at)).toBe(Date.UTC(2026, 2, 10) / 1000)
    expect(dailyBarTime('us', at)).toBe(Date.UTC(2026, 2, 9) / 1000)
  })

  it('replaces today’s bar with the day so far and opens a new one on the next day', () => {
    const today = dailyBarTime('jp', TOKYO_10AM)
    const last = bar(today, 2790, 2820, 2780, 2800, 1000)
    const q = quote(TOKYO_10AM, 2845, 5000)
    expect(nextDailyBar(last, q)).toEqual({
      time: today,
      open: 2790,
      high: 2850,
      low: 2780,
      close: 2845,
      volume: 5000,
      turnover: 5000 * 2845,
    })
    const tomorrow = nextDailyBar(last, quote(TOKYO_10AM + 86_400_000, 2900, 10))
    expect(tomorrow?.time).toBe(today + 86_400)
  })

  it('ignores a quote older than the last bar', () => {
    const today = dailyBarTime('jp', TOKYO_10AM)
    expect(nextDailyBar(bar(today, 1, 1, 1, 1, 1), quote(TOKYO_10AM - 86_400_000, 1, 1))).toBe(
      undefined,
    )
  })
})

describe('minute bars from quotes', () => {
  const minute = Math.floor(TOKYO_10AM / 1000)
  const fetched = [
    bar(minute - 60, 2800, 2805, 2798, 2801, 300),
    bar(minute, 2801, 2803, 2800, 2802, 200),
  ]
  const start = (): MinuteState => minuteStateFrom(fetched, DAY)

  it('extends the current minute: high, low, close and the volume traded since the last quote', () => {
    const step = nextMinuteBar(start(), quote(TOKYO_10AM + 20_000, 2810, 650))
    expect(step?.newDay).toBe(false)
    expect(step?.bar).toMatchObject({
      time: minute,
      open: 2801,
      high: 2810,
      low: 2800,
      close: 2810,
      volume: 350,
    })
    const next = nextMinuteBar(step!.state, quote(TOKYO_10AM + 40_000, 2795, 700))
    expect(next?.bar).toMatchObject({
      time: minute,
      high: 2810,
      low: 2795,
      close: 2795,
      volume: 400,
    })
  })

  it('opens the next minute at the tick’s price', () => {
    const step = nextMinuteBar(start(), quote(TOKYO_10AM + 61_000, 2799, 520))
    expect(step?.bar).toEqual({
      time: minute + 60,
      open: 2799,
      high: 2799,
      low: 2799,
      close: 2799,
      volume: 20,
      turnover: 520 * 2799 - fetched.reduce((sum, b) => sum + b.turnover, 0),
    })
  })

  it('ignores quotes older than the bars drawn (an earlier snapshot, a late tick)', () => {
    expect(nextMinuteBar(start(), quote(TOKYO_10AM - 120_000, 2790, 500))).toBeUndefined()
    expect(nextMinuteBar(start(), quote(TOKYO_10AM + 5_000, 2790, 400))).toBeUndefined()
  })

  it('starts over on a new local day', () => {
    const nextDay = TOKYO_10AM + 86_400_000
    const step = nextMinuteBar(start(), quote(nextDay, 2900, 100))
    expect(step?.newDay).toBe(true)
    expect(step?.bar).toMatchObject({ open: 2900, close: 2900, volume: 100 })
    expect(step?.state.day).toBe('2026-03-11')
    expect(nextMinuteBar(step!.state, quote(TOKYO_10AM, 2800, 900))).toBeUndefined()
  })

  it('draws an index (no volume) as a moving line', () => {
    const index = (at: number, price: number) => quote(at, price, 0, { kind: 'index', turnover: 0 })
    let state = minuteStateFrom([], DAY)
    const first = nextMinuteBar(state, index(TOKYO_10AM, 38000.5))!
    state = first.state
    const second = nextMinuteBar(state, index(TOKYO_10AM + 1000, 38001.25))!
    expect(second.bar).toMatchObject({ open: 38000.5, close: 38001.25, high: 38001.25, volume: 0 })
  })
})

describe('upsertBar', () => {
  it('replaces the bar of the same time and appends a later one, never an earlier one', () => {
    const bars = [bar(60, 1, 1, 1, 1, 1)]
    expect(upsertBar(bars, bar(60, 1, 2, 1, 2, 2))).toBe(true)
    expect(upsertBar(bars, bar(120, 2, 2, 2, 2, 1))).toBe(true)
    expect(upsertBar(bars, bar(30, 9, 9, 9, 9, 9))).toBe(false)
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [60, 2],
      [120, 2],
    ])
  })
})

describe('5-minute bars from quotes', () => {
  it('puts every quote of the five minutes into one bar and opens the next at :05', () => {
    const five = Math.floor(TOKYO_10AM / 1000)
    let state = minuteStateFrom([bar(five, 2800, 2801, 2799, 2800, 100)], DAY)
    const inside = nextMinuteBar(state, quote(TOKYO_10AM + 200_000, 2810, 160), 300)!
    expect(inside.bar).toMatchObject({
      time: five,
      open: 2800,
      high: 2810,
      close: 2810,
      volume: 160,
    })
    state = inside.state
    const next = nextMinuteBar(state, quote(TOKYO_10AM + 300_000, 2805, 200), 300)!
    expect(next.bar).toMatchObject({ time: five + 300, open: 2805, volume: 40 })
  })
})

describe('backward-adjusted ticks', () => {
  it('scale prices by the factor and volumes by the split part; turnover stays money', () => {
    const q = quote(TOKYO_10AM, 100, 1000)
    const scaled = scaleQuote(q, { price: 2.5, volume: 0.5 })
    expect(scaled).toMatchObject({ price: 250, open: 2790 * 2.5, prevClose: 7000, volume: 500 })
    expect(scaled.turnover).toBe(q.turnover)
    expect(scaleQuote(q, { price: 1, volume: 1 })).toBe(q)
  })
})

describe('weekly bars from the daily bar', () => {
  const week = periodStart('1w')
  // Monday 2026-03-09, Tuesday the 10th, then Monday the 16th.
  const monday = Date.UTC(2026, 2, 9) / 1000
  const tuesday = monday + 86_400

  it('merges the finished days of the week with today, and starts over in a new week', () => {
    const state = periodStateFrom([
      bar(monday, 10, 12, 9, 11, 100),
      bar(tuesday, 11, 11, 11, 11, 5),
    ])
    const today = nextPeriodBar(state, bar(tuesday, 11, 14, 10, 13, 50), week)!
    expect(today.bar).toEqual({
      time: monday,
      open: 10,
      high: 14,
      low: 9,
      close: 13,
      volume: 150,
      turnover: 100 * 11 + 50 * 13,
    })
    const wednesday = nextPeriodBar(today.state, bar(tuesday + 86_400, 13, 13, 8, 8, 10), week)!
    expect(wednesday.bar).toMatchObject({ time: monday, open: 10, low: 8, close: 8, volume: 160 })
    const nextWeek = nextPeriodBar(wednesday.state, bar(monday + 7 * 86_400, 8, 9, 8, 9, 1), week)!
    expect(nextWeek.bar).toMatchObject({ time: monday + 7 * 86_400, open: 8, volume: 1 })
    expect(nextPeriodBar(nextWeek.state, bar(tuesday, 1, 1, 1, 1, 1), week)).toBeUndefined()
  })
})
