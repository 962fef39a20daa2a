import { describe, expect, it } from 'vitest'
import { exchangeDays, orderDay, orderTerm, validityDays } from './validity'

const utc = (iso: string) => Date.parse(`${iso}Z`)
const tokyo = exchangeDays('jp')
// Wednesday 2 December 2026, 10:00 in Tokyo.
const morning = utc('2026-12-02T01:00')

describe('order validity (Tokyo)', () => {
  it('takes a day order to the closing auction’s end, 15:30', () => {
    expect(orderTerm(tokyo, morning, 'day', 15)).toEqual({
      firstDay: '2026-12-02',
      lastDay: '2026-12-02',
      expiresAt: utc('2026-12-02T06:30'),
    })
  })

  it('puts an order placed after the close, or at a weekend, on the next trading day', () => {
    expect(orderDay(tokyo, utc('2026-12-02T06:30'))).toBe('2026-12-03')
    expect(orderDay(tokyo, utc('2026-12-04T11:00'))).toBe('2026-12-07') // Friday 20:00
    expect(orderDay(tokyo, utc('2026-12-05T01:00'))).toBe('2026-12-07') // Saturday
    expect(orderDay(tokyo, utc('2026-12-01T23:00'))).toBe('2026-12-02') // 8:00, before the open
  })

  it('offers fifteen business days counting today, and refuses the sixteenth', () => {
    const offered = validityDays(tokyo, morning, 15)
    expect(offered).toHaveLength(15)
    expect(offered.at(-1)).toBe('2026-12-22')
    expect(offered).not.toContain('2026-12-05')
    expect(orderTerm(tokyo, morning, '2026-12-22', 15)).toMatchObject({
      lastDay: '2026-12-22',
      expiresAt: utc('2026-12-22T06:30'),
    })
    expect(orderTerm(tokyo, morning, '2026-12-23', 15)).toBe('validity_too_long')
  })

  it('skips the exchange’s year-end holidays, 31 December to 3 January', () => {
    const offered = validityDays(tokyo, utc('2026-12-28T01:00'), 4)
    expect(offered).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2027-01-04'])
  })

  it('refuses a date already past, a day without trading, and what is not a date', () => {
    expect(orderTerm(tokyo, morning, '2026-12-01', 15)).toBe('validity_invalid')
    expect(orderTerm(tokyo, morning, '2026-12-05', 15)).toBe('validity_invalid')
    expect(orderTerm(tokyo, morning, 'tomorrow', 15)).toBe('validity_invalid')
  })
})
