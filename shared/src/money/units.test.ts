import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { priceToUnits, unitsToPrice } from './units'

describe('priceToUnits', () => {
  it('snaps float noise to whole units', () => {
    expect(1.005 * 10_000).not.toBe(10_050) // the noise this exists for
    expect(priceToUnits(1.005)).toBe(10_050)
    expect(priceToUnits(812.37)).toBe(8_123_700)
    expect(priceToUnits(0.1 + 0.2)).toBe(3_000)
    expect(priceToUnits(99_999_999.9)).toBe(999_999_999_000)
    expect(priceToUnits(0)).toBe(0)
  })

  it('keeps a real fraction of a unit so rounding can see its side', () => {
    expect(priceToUnits(0.00005)).toBeCloseTo(0.5, 9)
    expect(Number.isInteger(priceToUnits(1.00001))).toBe(false)
  })
})

describe('unitsToPrice', () => {
  it('gives the same double as the decimal literal', () => {
    expect(unitsToPrice(8_124_000)).toBe(812.4)
    expect(unitsToPrice(1)).toBe(0.0001)
  })

  it('round-trips every 4-decimal price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (units) => {
        expect(priceToUnits(unitsToPrice(units))).toBe(units)
      }),
    )
  })
})
