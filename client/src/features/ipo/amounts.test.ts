import { describe, expect, it } from 'vitest'
import { subscriptionAmount } from './amounts'

describe('subscriptionAmount', () => {
  it('multiplies exactly and refuses drafts that are not numbers', () => {
    expect(subscriptionAmount('200', '1000')).toBe('200000')
    expect(subscriptionAmount('30', '12.35')).toBe('370.5')
    expect(subscriptionAmount('abc', '1000')).toBeNull()
  })
})
