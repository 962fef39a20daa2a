import { describe, expect, it } from 'vitest'
import {
  changeFormatOptions,
  formatCompact,
  PERCENT_CHANGE_OPTIONS,
  percentFraction,
  priceFormatOptions,
  priceFractionDigits,
  priceSetFormatOptions,
} from './format'
import { trendColor, trendOf, trendPalette } from './trend'

const fmt = (locale: string, value: number, options: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(locale, options).format(value)

describe('price formatting', () => {
  it('keeps a fixed number of digits per market so prices do not jump in width', () => {
    expect(fmt('ja', 2812.5, priceFormatOptions('jp', 'stock', 2812.5))).toBe('2,812.5')
    expect(fmt('ja', 2813, priceFormatOptions('jp', 'stock', 2813))).toBe('2,813.0')
    expect(fmt('ja', 57530, priceFormatOptions('jp', 'stock', 57530))).toBe('57,530')
    expect(fmt('en', 227.1, priceFormatOptions('us', 'stock', 227.1))).toBe('227.10')
    expect(fmt('en', 0.4321, priceFormatOptions('us', 'stock', 0.4321))).toBe('0.4321')
    expect(fmt('zh-CN', 1480, priceFormatOptions('cn', 'stock', 1480))).toBe('1,480.00')
    expect(fmt('ja', 38123.456, priceFormatOptions('jp', 'index', 38123.456))).toBe('38,123.46')
    expect(priceFractionDigits('us', 'index', 0.5)).toBe(2)
  })

  it('shows prices side by side with one number of digits, the most any of them needs', () => {
    const options = priceSetFormatOptions('jp', 'stock', [2687, 3187, 2187, null])
    expect(`${fmt('ja', 3187, options)} / ${fmt('ja', 2187, options)}`).toBe('3,187.0 / 2,187.0')
    const above = priceSetFormatOptions('jp', 'stock', [57_530, 67_530, 47_530])
    expect(fmt('ja', 47_530, above)).toBe('47,530')
  })

  it('signs changes and percents, but not zero', () => {
    expect(fmt('ja', 12.5, changeFormatOptions('jp', 'stock', 2800))).toBe('+12.5')
    expect(fmt('ja', -3, changeFormatOptions('cn', 'stock', 10))).toBe('-3.00')
    expect(fmt('ja', 0, changeFormatOptions('jp', 'stock', 2800))).toBe('0.0')
    expect(fmt('en', percentFraction(1.25), PERCENT_CHANGE_OPTIONS)).toBe('+1.25%')
    expect(fmt('en', percentFraction(-0.5), PERCENT_CHANGE_OPTIONS)).toBe('-0.50%')
    expect(fmt('en', percentFraction(0), PERCENT_CHANGE_OPTIONS)).toBe('0.00%')
  })

  it('writes big quantities in each language’s own units', () => {
    expect(formatCompact(123_456_789, 'ja')).toBe('1.235億')
    expect(formatCompact(17_030_100, 'ja')).toBe('1703万')
    expect(formatCompact(45_600, 'ja')).toBe('4.56万')
    expect(formatCompact(3_200_000_000_000, 'ja')).toBe('3.2兆')
    expect(formatCompact(123_456_789, 'zh-CN')).toBe('1.235亿')
    expect(formatCompact(3_200_000_000_000, 'zh-CN')).toBe('3.2万亿')
    expect(formatCompact(1_234_567, 'en')).toBe('1.235M')
    expect(formatCompact(3_200_000_000_000, 'en')).toBe('3.2T')
    expect(formatCompact(950, 'en')).toBe('950')
  })
})

describe('trend colours', () => {
  it('reads the direction of a change', () => {
    expect([trendOf(1), trendOf(-0.1), trendOf(0)]).toEqual(['up', 'down', 'flat'])
  })

  it('draws a rise red in the Japanese convention and green in the other', () => {
    const jp = trendPalette('red')
    const west = trendPalette('green')
    expect(jp.up).toBe(west.down)
    expect(jp.down).toBe(west.up)
    expect(jp.up).not.toBe(jp.down)
    expect(trendColor('up', 'red')).toContain('--kabu-trend-red')
    expect(trendColor('up', 'green')).toContain('--kabu-trend-green')
    expect(trendColor('flat', 'red')).toBe(trendColor('flat', 'green'))
  })
})
