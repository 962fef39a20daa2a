import { describe, expect, it } from 'vitest'
import { isTradingDay, localDate, nextTradingDay, previousTradingDays } from './calendar'
import { isNyseEarlyClose } from './holidays'

describe('isTradingDay: Japan', () => {
  it('closes the New Year days TSE adds to the national holidays', () => {
    for (const d of ['2025-01-01', '2025-01-02', '2025-01-03', '2025-12-31']) {
      expect(isTradingDay('jp', d)).toBe(false)
    }
    expect(isTradingDay('jp', '2025-01-06')).toBe(true)
    expect(isTradingDay('jp', '2025-12-30')).toBe(true)
  })

  it('closes national and substitute holidays', () => {
    expect(isTradingDay('jp', '2026-11-23')).toBe(false) // 勤労感謝の日, a Monday
    expect(isTradingDay('jp', '2026-05-06')).toBe(false) // 振替休日 for 5/3 (Sunday)
    expect(isTradingDay('jp', '2026-09-22')).toBe(false) // 国民の休日 between two holidays
    expect(isTradingDay('jp', '2026-11-24')).toBe(true)
  })

  it('closes weekends', () => {
    expect(isTradingDay('jp', '2026-11-21')).toBe(false)
    expect(isTradingDay('jp', '2026-11-22')).toBe(false)
  })
})

describe('isTradingDay: NYSE', () => {
  it('closes on holidays, observed ones and ad-hoc closures', () => {
    expect(isTradingDay('us', '2025-07-04')).toBe(false)
    expect(isTradingDay('us', '2026-07-03')).toBe(false) // July 4 is a Saturday
    expect(isTradingDay('us', '2026-04-03')).toBe(false) // Good Friday
    expect(isTradingDay('us', '2025-11-27')).toBe(false) // Thanksgiving
    expect(isTradingDay('us', '2025-01-09')).toBe(false) // day of mourning, President Carter
    expect(isTradingDay('us', '2025-11-28')).toBe(true)
    expect(isTradingDay('us', '2026-11-11')).toBe(true) // Veterans Day: banks close, NYSE trades
  })

  it('knows the 13:00 early closes', () => {
    expect(isNyseEarlyClose('2025-07-03')).toBe(true)
    expect(isNyseEarlyClose('2025-11-28')).toBe(true)
    expect(isNyseEarlyClose('2025-12-24')).toBe(true)
    expect(isNyseEarlyClose('2026-11-27')).toBe(true)
    expect(isNyseEarlyClose('2026-07-03')).toBe(false) // a holiday, not a half day
    expect(isNyseEarlyClose('2026-07-02')).toBe(false)
    expect(isNyseEarlyClose('2027-07-03')).toBe(false) // a Saturday
    expect(isNyseEarlyClose('2026-11-20')).toBe(false) // a Friday, not after Thanksgiving
  })
})

describe('isTradingDay: China', () => {
  it('closes National Day and the make-up working weekends', () => {
    expect(isTradingDay('cn', '2026-10-01')).toBe(false)
    expect(isTradingDay('cn', '2026-10-07')).toBe(false)
    expect(isTradingDay('cn', '2026-10-08')).toBe(true)
    // 调休: offices work these weekends, the exchanges do not (SSE notice for 2026).
    for (const d of ['2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']) {
      expect(isTradingDay('cn', d)).toBe(false)
    }
  })

  it('keeps the fixed statutory days closed past the library table', () => {
    expect(isTradingDay('cn', '2027-01-01')).toBe(false)
    expect(isTradingDay('cn', '2027-10-01')).toBe(false)
    expect(isTradingDay('cn', '2027-01-04')).toBe(true)
  })
})

describe('localDate', () => {
  it('reads the date in the exchange zone', () => {
    const at = Date.UTC(2025, 11, 31, 15, 30) // 00:30 in Tokyo, 23:30 in Shanghai
    expect(localDate('jp', at)).toBe('2026-01-01')
    expect(localDate('cn', at)).toBe('2025-12-31')
    expect(localDate('us', at)).toBe('2025-12-31')
    expect(localDate('us', Date.UTC(2026, 2, 9, 3, 59))).toBe('2026-03-08') // 23:59 EDT
  })
})

describe('previousTradingDays and nextTradingDay', () => {
  it('steps over weekends and holidays', () => {
    expect(previousTradingDays('jp', '2026-01-05', 3)).toEqual([
      '2025-12-26',
      '2025-12-29',
      '2025-12-30',
    ])
    expect(nextTradingDay('jp', '2025-12-30')).toBe('2026-01-05')
    expect(nextTradingDay('us', '2026-07-02')).toBe('2026-07-06')
    expect(nextTradingDay('cn', '2026-09-30')).toBe('2026-10-08')
    expect(previousTradingDays('us', '2026-11-21', 0)).toEqual([])
  })

  it('builds a year of history: oldest first, all trading days, fromDate excluded', () => {
    const days = previousTradingDays('cn', '2026-10-08', 250)
    expect(days).toHaveLength(250)
    expect([...days].sort()).toEqual(days)
    expect(new Set(days).size).toBe(250)
    expect(days.every((d) => isTradingDay('cn', d))).toBe(true)
    expect(days.at(-1)).toBe('2026-09-30')
    expect(days[0]! > '2025-09-01').toBe(true) // ~243 trading days a year in China
  })

  it('refuses what is not a date', () => {
    expect(() => isTradingDay('jp', '2026-02-30')).toThrow(RangeError)
    expect(() => nextTradingDay('jp', '20260101')).toThrow(RangeError)
  })
})
