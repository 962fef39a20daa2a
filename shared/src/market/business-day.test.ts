import { describe, expect, it } from 'vitest'
import {
  formatDailyWindow,
  isBankBusinessDay,
  isWindowOpen,
  parseDailyWindow,
} from './business-day'

const jst = (m: number, d: number, h: number, min: number, y = 2026) =>
  Date.UTC(y, m - 1, d, h - 9, min)

describe('bank business days and windows', () => {
  it('close on weekends, national holidays and Dec 31 – Jan 3', () => {
    expect(isBankBusinessDay('2026-03-03')).toBe(true)
    for (const closed of [
      '2026-03-07',
      '2026-03-08',
      '2026-03-20',
      '2025-12-31',
      '2026-01-02',
      '2026-01-03',
    ]) {
      expect(isBankBusinessDay(closed), closed).toBe(false)
    }
  })

  it('read windows as HH:MM-HH:MM with the end minute included', () => {
    const window = parseDailyWindow('09:00-15:30')!
    expect(window).toEqual({ start: 540, end: 930 })
    expect(formatDailyWindow(window)).toBe('09:00-15:30')
    expect(parseDailyWindow('15:30-09:00')).toBeNull()
    expect(parseDailyWindow('9:00-15:30')).toBeNull()
    expect(isWindowOpen(jst(3, 3, 9, 0), window)).toBe(true)
    expect(isWindowOpen(jst(3, 3, 15, 30) + 59_000, window)).toBe(true)
    expect(isWindowOpen(jst(3, 3, 8, 59), window)).toBe(false)
    expect(isWindowOpen(jst(3, 3, 15, 31), window)).toBe(false)
    expect(isWindowOpen(jst(3, 7, 10, 0), window)).toBe(false)
    // The whole Tokyo day counts, up to 23:59.
    expect(isWindowOpen(jst(3, 3, 23, 30), parseDailyWindow('00:00-23:59')!)).toBe(true)
  })
})
