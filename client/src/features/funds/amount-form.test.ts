import { describe, expect, it } from 'vitest'
import { amountError } from './amount-form'

describe('amount field', () => {
  it('names the rule a typed amount breaks, as the server would', () => {
    expect(amountError(' ', 'JPY', {})).toBe('amount_required')
    expect(amountError('12.5', 'JPY', {})).toBe('amount_invalid')
    expect(amountError('1e4', 'JPY', {})).toBe('amount_invalid')
    expect(amountError('9999', 'JPY', { min: '10000' })).toBe('amount_below_minimum')
    expect(amountError('500001', 'JPY', { max: '500000' })).toBe('amount_above_maximum')
    expect(amountError('65.79', 'USD', { min: '65.79', max: '100' })).toBeNull()
    expect(amountError('65.799', 'USD', {})).toBe('amount_invalid')
  })
})
