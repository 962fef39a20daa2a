import { describe, expect, it } from 'vitest'
import { simulatedWindows } from './offers'

const WINDOW = { open: 8 * 60 + 20, close: 8 * 60 + 45 }
/** Tokyo wall time as epoch ms (JST is UTC+9 all year). */
const tokyo = (date: string, hh: number, mm = 0) =>
  Date.parse(`${date}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+09:00`)

describe('simulatedWindows', () => {
  // Issue 34 item 9: the windows were six-hour slots of the epoch (15:00–21:00, 21:00–03:00 Tokyo).
  it('holds TSE offers in the set window of each trading day, the next day announced today', () => {
    // Tuesday 2026-03-03, after the window: today's (closed, dropped by the list) and Wednesday's.
    expect(simulatedWindows('jp', tokyo('2026-03-03', 10), WINDOW)).toEqual([
      {
        day: '2026-03-03',
        opens_at: tokyo('2026-03-03', 8, 20),
        closes_at: tokyo('2026-03-03', 8, 45),
      },
      {
        day: '2026-03-04',
        opens_at: tokyo('2026-03-04', 8, 20),
        closes_at: tokyo('2026-03-04', 8, 45),
      },
    ])
    // Friday's next trading day is Monday; on Saturday only Monday's is ahead.
    expect(simulatedWindows('jp', tokyo('2026-03-06', 12), WINDOW).map((w) => w.day)).toEqual([
      '2026-03-06',
      '2026-03-09',
    ])
    expect(simulatedWindows('jp', tokyo('2026-03-07', 12), WINDOW).map((w) => w.day)).toEqual([
      '2026-03-09',
    ])
  })

  it('reads another market’s window in its own zone (New York moves with DST)', () => {
    const [winter] = simulatedWindows('us', Date.UTC(2026, 2, 2, 12), { open: 480, close: 540 })
    expect(winter).toEqual({
      day: '2026-03-02',
      opens_at: Date.UTC(2026, 2, 2, 13),
      closes_at: Date.UTC(2026, 2, 2, 14),
    })
    const [summer] = simulatedWindows('us', Date.UTC(2026, 2, 10, 11), { open: 480, close: 540 })
    expect(summer?.opens_at).toBe(Date.UTC(2026, 2, 10, 12))
  })
})
