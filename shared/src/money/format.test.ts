import { describe, expect, it } from 'vitest'
import { CURRENCIES } from './currencies'
import { formatAmount, fractionDigitsToShow, minorDigitsOf } from './format'

describe('formatAmount', () => {
  it('shows each currency with its own minor units, grouped', () => {
    expect(formatAmount(500_000_000n, 'JPY')).toBe('50,000')
    expect(formatAmount(10_000_000_000n, 'KRW')).toBe('1,000,000')
    expect(formatAmount(12_345_000n, 'USD')).toBe('1,234.50')
    expect(formatAmount(500_000_000n, 'CNY')).toBe('50,000.00')
    expect(formatAmount(1_000_000n, 'VND')).toBe('100')
  })

  it('keeps digits finer than the minor unit instead of rounding them away', () => {
    expect(formatAmount(5_375_000n, 'JPY')).toBe('537.5')
    expect(formatAmount(12_345n, 'USD')).toBe('1.2345')
  })

  it('signs negatives and groups long amounts exactly', () => {
    expect(formatAmount(-12_345_670_000n, 'JPY')).toBe('-1,234,567')
    expect(formatAmount(92_233_720_368_547_758n, 'USD')).toBe('9,223,372,036,854.7758')
    expect(formatAmount(0n, 'JPY')).toBe('0')
    expect(formatAmount(999n * 10_000n, 'JPY')).toBe('999')
  })

  it('knows every wallet currency, and shows two digits for one it does not list', () => {
    for (const c of CURRENCIES) expect(minorDigitsOf(c)).toBeGreaterThanOrEqual(0)
    expect(minorDigitsOf('EUR')).toBe(2)
    expect(formatAmount(10_000n, 'EUR')).toBe('1.00')
  })
})

describe('fractionDigitsToShow', () => {
  it('is the minor units unless the value has finer digits', () => {
    expect(fractionDigitsToShow('999463', 0)).toBe(0)
    expect(fractionDigitsToShow('999463.0', 0)).toBe(0)
    expect(fractionDigitsToShow('537.50', 0)).toBe(1)
    expect(fractionDigitsToShow('1234.5', 2)).toBe(2)
    expect(fractionDigitsToShow('0.0005', 2)).toBe(4)
  })
})
