import { describe, expect, it } from 'vitest'
import { isOpenableLink } from './kefu'

describe('customer-service link', () => {
  it('opens web, mail and phone links only', () => {
    expect(isOpenableLink('https://support.example.com/chat')).toBe(true)
    expect(isOpenableLink('mailto:help@example.com')).toBe(true)
    expect(isOpenableLink('javascript:alert(1)')).toBe(false)
    expect(isOpenableLink('')).toBe(false)
    expect(isOpenableLink(undefined)).toBe(false)
  })
})
