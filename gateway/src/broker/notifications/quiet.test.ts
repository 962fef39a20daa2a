import { describe, expect, it } from 'vitest'
import { inQuietHours } from './quiet'

/** An instant by its Tokyo wall clock (UTC+9). */
const tokyo = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00+09:00`)

describe('quiet hours (Tokyo time)', () => {
  it('holds within a window of one day, the end excluded', () => {
    expect(inQuietHours('12:00-13:00', tokyo('11:59'))).toBe(false)
    expect(inQuietHours('12:00-13:00', tokyo('12:00'))).toBe(true)
    expect(inQuietHours('12:00-13:00', tokyo('12:59'))).toBe(true)
    expect(inQuietHours('12:00-13:00', tokyo('13:00'))).toBe(false)
  })

  it('passes midnight when the end comes before the start', () => {
    expect(inQuietHours('22:00-07:00', tokyo('23:30'))).toBe(true)
    expect(inQuietHours('22:00-07:00', tokyo('03:00'))).toBe(true)
    expect(inQuietHours('22:00-07:00', tokyo('07:00'))).toBe(false)
    expect(inQuietHours('22:00-07:00', tokyo('21:59'))).toBe(false)
  })

  it('reads Tokyo time whatever the instant is in UTC', () => {
    // 15:30 UTC is 00:30 the next day in Tokyo.
    expect(inQuietHours('00:00-01:00', Date.parse('2026-03-02T15:30:00Z'))).toBe(true)
    expect(inQuietHours('15:00-16:00', Date.parse('2026-03-02T15:30:00Z'))).toBe(false)
  })

  it('holds nothing without a window', () => {
    expect(inQuietHours('', tokyo('03:00'))).toBe(false)
  })
})
