import { describe, expect, it } from 'vitest'
import { CURRENCIES, isCurrency } from './currencies'

describe('currencies', () => {
  it('are the nine wallet currencies of spec §9, each once', () => {
    expect(CURRENCIES).toHaveLength(9)
    expect(new Set(CURRENCIES).size).toBe(9)
    expect(CURRENCIES).toEqual(['CNY', 'USD', 'JPY', 'HKD', 'TWD', 'THB', 'VND', 'MYR', 'KRW'])
  })

  it('narrow only the exact upper-case codes', () => {
    for (const c of CURRENCIES) expect(isCurrency(c)).toBe(true)
    for (const other of ['usd', 'EUR', '', ' JPY', 'JPY ', null, undefined, 1, {}]) {
      expect(isCurrency(other)).toBe(false)
    }
  })
})
