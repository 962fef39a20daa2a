import { describe, expect, it } from 'vitest'
import { localDate } from '@kabu/shared/market/time-zone'
import { newOrderNo, type OrderNoPrefix } from './order-no'

describe('newOrderNo', () => {
  it('carries the Tokyo date, also either side of Tokyo midnight (15:00 UTC)', () => {
    const instants = [
      Date.UTC(2026, 2, 2, 14, 59, 59, 999),
      Date.UTC(2026, 2, 2, 15, 0, 0, 0),
      Date.UTC(2025, 11, 31, 15, 0, 0, 0),
      Date.UTC(2028, 1, 28, 23, 30),
      Date.UTC(2026, 6, 1, 3, 0),
    ]
    const prefixes: OrderNoPrefix[] = ['DP', 'WD', 'FX', 'LN', 'TR']
    for (const [i, at] of instants.entries()) {
      const prefix = prefixes[i % prefixes.length]!
      const no = newOrderNo(prefix, at)
      expect(no).toMatch(new RegExp(`^${prefix}\\d{8}-[0-9a-f]{10}$`))
      expect(no.slice(2, 10)).toBe(localDate('jp', at).replaceAll('-', ''))
    }
  })
})
