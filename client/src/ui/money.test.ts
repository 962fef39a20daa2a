import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

describe('formatMoney', () => {
  it('shows yen, won and dong without decimals, the others with cents, grouped', () => {
    expect(formatMoney('999463', 'JPY', 'ja')).toBe('￥999,463')
    expect(formatMoney('537', 'JPY', 'en')).toBe('¥537')
    expect(formatMoney('1000000', 'KRW', 'en')).toBe('₩1,000,000')
    expect(formatMoney('25000', 'VND', 'en')).toBe('₫25,000')
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50')
    expect(formatMoney('50000', 'CNY', 'zh-CN')).toBe('¥50,000.00')
  })

  it('keeps digits finer than the minor unit instead of rounding them away', () => {
    expect(formatMoney('537.5', 'JPY', 'ja')).toBe('￥537.5')
    expect(formatMoney('1.2345', 'USD', 'en')).toBe('$1.2345')
    expect(formatMoney('2813.000', 'JPY', 'ja')).toBe('￥2,813')
  })

  it('keeps digits a float would lose', () => {
    expect(formatMoney('90071992547409931.25', 'USD', 'en')).toBe('$90,071,992,547,409,931.25')
  })

  it('signs losses', () => {
    expect(formatMoney('-1250', 'JPY', 'en')).toBe('-¥1,250')
  })

  it("reads the spec's '-' as zero and shows a dash for missing values", () => {
    expect(formatMoney('-', 'CNY', 'en')).toBe('¥0.00')
    expect(formatMoney('-', 'JPY', 'ja')).toBe('￥0')
    expect(formatMoney(undefined, 'JPY', 'ja')).toBe('—')
    expect(formatMoney('abc', 'JPY', 'ja')).toBe('—')
  })
})
