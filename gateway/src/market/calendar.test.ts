import { describe, expect, it } from 'vitest'
import { alwaysCalendar, realCalendar } from './calendar'
import { minuteGrid } from './grid'

const HOUR = 3_600_000

describe('alwaysCalendar', () => {
  it('trades every day from local midnight to local midnight, DST days included', () => {
    const us = alwaysCalendar('us')
    const [normal] = us.sessions('2026-03-07')
    expect(normal).toEqual({
      open: Date.parse('2026-03-07T05:00:00Z'),
      close: Date.parse('2026-03-08T05:00:00Z'),
    })
    // New York springs forward on 2026-03-08: that day has 23 hours.
    const [short] = us.sessions('2026-03-08')
    expect(short!.close - short!.open).toBe(23 * HOUR)
    const [tokyo] = alwaysCalendar('jp').sessions('2026-01-01')
    expect(tokyo!.open).toBe(Date.parse('2025-12-31T15:00:00Z'))
    expect(us.previousDays('2026-03-02', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
    expect(us.currentDay(Date.parse('2026-03-08T03:00:00Z'))).toBe('2026-03-07')
    expect(us.isOpen(Date.parse('2026-03-08T03:00:00Z'))).toBe(true)
  })
})

describe('realCalendar', () => {
  it('keeps the last trading day current until the next one opens', () => {
    const jp = realCalendar('jp')
    // Monday 08:00 in Tokyo: Friday is still the current day.
    expect(jp.currentDay(Date.parse('2026-03-08T23:00:00Z'))).toBe('2026-03-06')
    expect(jp.currentDay(Date.parse('2026-03-09T00:00:00Z'))).toBe('2026-03-09')
  })
})

describe('minuteGrid', () => {
  it('covers the sessions minute by minute with a U-shaped activity summing to one', () => {
    const grid = minuteGrid(realCalendar('jp'), '2026-03-10')
    // 9:00–11:30 and 12:30–15:30.
    expect(grid.starts.length).toBe(150 + 180)
    const total = grid.weights.reduce((sum, w) => sum + w, 0)
    expect(total).toBeCloseTo(1, 12)
    const first = grid.weights[0]!
    const middle = grid.weights[75]!
    expect(first / middle).toBeGreaterThan(3)
    expect(grid.elapsed.at(-1)).toBe(1)
    // The afternoon starts at 12:30 in Tokyo, after the lunch break.
    expect(grid.starts[150]).toBe(Date.parse('2026-03-10T03:30:00Z'))
  })
})
