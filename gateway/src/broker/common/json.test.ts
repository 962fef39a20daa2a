import { describe, expect, it } from 'vitest'
import { fromJson, isRetryableConflict, toJson } from './json'

describe('idempotency JSON', () => {
  it('gives bigints back exactly, beyond what a float holds', () => {
    const value = { id: 9_007_199_254_740_993n, list: [1n, -2n], text: 'x', nested: { n: 0n } }
    expect(fromJson(toJson(value))).toEqual(value)
  })

  it('hashes bodies regardless of key order when asked to', () => {
    const a = toJson({ money: '1', to: 'USD', deep: { b: 1, a: 2 } }, { sortKeys: true })
    const b = toJson({ deep: { a: 2, b: 1 }, to: 'USD', money: '1' }, { sortKeys: true })
    expect(a).toBe(b)
    expect(toJson({ money: '1' }, { sortKeys: true })).not.toBe(
      toJson({ money: '2' }, { sortKeys: true }),
    )
  })

  it('stores undefined as null', () => {
    expect(fromJson(toJson(undefined))).toBeNull()
  })

  it('knows which PostgreSQL errors are worth one more try', () => {
    expect(isRetryableConflict({ code: '40001' })).toBe(true)
    expect(isRetryableConflict({ code: '40P01' })).toBe(true)
    expect(isRetryableConflict({ code: '23505' })).toBe(false)
    expect(isRetryableConflict(new Error('x'))).toBe(false)
  })
})
