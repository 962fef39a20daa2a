import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

describe('formatMoney', () => {
  it('groups thousands with one decimal by default', () => {
    expect(formatMoney('1234567', 'JPY', 'ja')).toBe('￥1,234,567.0')
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.5')
  })

  it('keeps digits a float would lose', () => {
    expect(formatMoney('90071992547409931.25', 'USD', 'en')).toBe('$90,071,992,547,409,931.25')
  })

  it("reads the spec's '-' as zero and shows a dash for missing values", () => {
    expect(formatMoney('-', 'CNY', 'en')).toBe('¥0.0')
    expect(formatMoney(undefined, 'JPY', 'ja')).toBe('—')
    expect(formatMoney('abc', 'JPY', 'ja')).toBe('—')
  })
})
