import { describe, expect, it } from 'vitest'
import { unitsToWire } from './wire-money'

describe('unitsToWire', () => {
  it('writes whole amounts without a fraction', () => {
    expect(unitsToWire(0n)).toBe('0')
    expect(unitsToWire(10_000n)).toBe('1')
    expect(unitsToWire(1_000_000_000_000n)).toBe('100000000')
  })

  it('keeps every significant fractional digit and drops trailing zeros', () => {
    expect(unitsToWire(12_345_000n)).toBe('1234.5')
    expect(unitsToWire(1n)).toBe('0.0001')
    expect(unitsToWire(10_050n)).toBe('1.005')
  })

  it('is exact beyond the range of a double', () => {
    expect(unitsToWire(1_234_567_890_123_456_789n)).toBe('123456789012345.6789')
    expect(unitsToWire(-5n)).toBe('-0.0005')
  })
})
