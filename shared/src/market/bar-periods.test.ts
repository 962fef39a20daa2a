import { describe, expect, it } from 'vitest'
import { periodStart } from './bar-periods'
import { isoDateToUtc } from './iso-date'

const at = (iso: string) => isoDateToUtc(iso) / 1000

describe('periodStart', () => {
  it('starts a year on 1 January, whatever day of it a bar falls on', () => {
    const year = periodStart('1y')
    expect(year(at('2026-11-26'))).toBe(at('2026-01-01'))
    expect(year(at('2026-01-01'))).toBe(at('2026-01-01'))
    expect(year(at('2025-12-31'))).toBe(at('2025-01-01'))
  })

  it('starts a month on its first day and a week on Monday', () => {
    expect(periodStart('1M')(at('2026-11-26'))).toBe(at('2026-11-01'))
    expect(periodStart('1w')(at('2026-11-26'))).toBe(at('2026-11-23'))
  })
})
