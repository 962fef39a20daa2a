import { describe, expect, it } from 'vitest'
import { estimateProfit } from './figures'

describe('estimateProfit', () => {
  const product = { daily_rate: '0.0013', days_left: 5, currency: 'JPY' as const }
  it('is the published rule over the days left', () => {
    expect(estimateProfit('333333', product)).toBe('2166')
    expect(estimateProfit('100000', { ...product, daily_rate: '0.001' })).toBe('500')
  })
  it('is null for what is not an amount', () => {
    expect(estimateProfit('', product)).toBeNull()
    expect(estimateProfit('abc', product)).toBeNull()
    expect(estimateProfit('0', product)).toBeNull()
  })
})
