import type { ExchangeRate } from '@kabu/shared/api/funds'
import { describe, expect, it } from 'vitest'
import { quoteFor } from './quote'

const rates: ExchangeRate[] = [
  { from: 'JPY', to: 'USD', rate: '0.0066', spread: '0.002' },
  { from: 'USD', to: 'JPY', rate: '151.5', spread: '0.002' },
]

describe('exchange quote', () => {
  it('gets what the server pays: rate less spread, rounded down to the target unit', () => {
    // 10,000 × 0.0066 × 0.998 = 65.868 → 65.86
    expect(quoteFor(rates, 'JPY', 'USD', '10000')).toMatchObject({ got: '65.86', problem: null })
    // 1.23 × 151.5 × 0.998 = 185.97... → 185 yen
    expect(quoteFor(rates, 'USD', 'JPY', '1.23')?.got).toBe('185')
  })

  it('names what cannot be exchanged', () => {
    expect(quoteFor(rates, 'JPY', 'JPY', '1')?.problem).toBe('same_currency')
    expect(quoteFor(rates, 'JPY', 'USD', '1.5')?.problem).toBe('amount_invalid')
    expect(quoteFor(rates, 'JPY', 'USD', '1')?.problem).toBe('amount_below_minimum')
    expect(quoteFor(rates, 'JPY', 'USD', '')).toMatchObject({ got: null, problem: null })
    expect(quoteFor(rates, 'HKD', 'USD', '1')).toBeNull()
  })
})
