import { describe, expect, it } from 'vitest'
import { calendarMax } from './day-range'

describe('calendarMax', () => {
  it('is six months ahead, on the last day of a shorter month', () => {
    expect(calendarMax(new Date(2026, 10, 29))).toBe('2027-05-29')
    expect(calendarMax(new Date(2026, 7, 31))).toBe('2027-02-28')
    expect(calendarMax(new Date(2027, 7, 31))).toBe('2028-02-29')
  })
})
