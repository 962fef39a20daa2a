import { describe, expect, it } from 'vitest'
import { coveringYen, inYen } from './foreign-sale'

describe('a foreign sale in yen', () => {
  it('converts at the rate, half up to the unit', () => {
    expect(inYen(100n * 10_000n, '152.5')).toBe(15_250n * 10_000n)
    expect(inYen(1n, '152.12345')).toBe(152n)
    expect(inYen(1n, '0.00005')).toBe(0n)
    expect(inYen(1n, '0.5')).toBe(1n)
  })

  it('takes a withholding rounded up to the currency’s minor unit: never worth less than the yen', () => {
    expect(coveringYen(1_000n * 10_000n, '150', 'USD')).toBe(66_700n)
    expect(coveringYen(1_500n * 10_000n, '150', 'USD')).toBe(100_000n)
    expect(coveringYen(0n, '150', 'USD')).toBe(0n)
    for (const [yen, rate] of [
      [123_456_789n, '151.23456'],
      [7n, '21.260993'],
      [99_990_000n, '0.0058'],
    ] as const) {
      for (const currency of ['USD', 'CNY', 'KRW'] as const) {
        const taken = coveringYen(yen, rate, currency)
        const step = currency === 'KRW' ? 10_000n : 100n
        expect(taken % step).toBe(0n)
        // Worth at least the yen (taken × rate ≥ yen, so its rounding too), one minor unit less not.
        expect(inYen(taken, rate)).toBeGreaterThanOrEqual(yen)
        expect(Number(taken - step) * Number(rate)).toBeLessThan(Number(yen))
      }
    }
  })
})
