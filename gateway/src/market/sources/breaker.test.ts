import { describe, expect, it } from 'vitest'
import { backoffMs, CircuitBreaker } from './breaker'

const options = { failureThreshold: 3, coolDownMs: 1_000, baseBackoffMs: 100, maxBackoffMs: 800 }

function breakerAt(start = 0) {
  let now = start
  const breaker = new CircuitBreaker({ ...options, now: () => now, random: () => 0.999_999 })
  return { breaker, advance: (ms: number) => (now += ms) }
}

describe('backoffMs', () => {
  it('doubles its ceiling with each failure up to the maximum', () => {
    const top = (n: number) => backoffMs(n, options, () => 0.999_999)
    expect([1, 2, 3, 4, 5, 9].map(top)).toEqual([99, 199, 399, 799, 799, 799])
  })

  it('jitters uniformly below the ceiling (never the same wait for everyone)', () => {
    expect(backoffMs(3, options, () => 0)).toBe(0)
    expect(backoffMs(3, options, () => 0.5)).toBe(200)
  })
})

describe('CircuitBreaker', () => {
  it('backs off while closed and opens after the threshold of failures in a row', () => {
    const { breaker } = breakerAt()
    expect(breaker.delayMs()).toBe(0)
    breaker.failure()
    breaker.failure()
    expect(breaker.state).toBe('closed')
    expect(breaker.delayMs()).toBe(199)
    breaker.failure()
    expect(breaker.state).toBe('open')
    expect(breaker.delayMs()).toBe(1_000)
  })

  it('goes half-open after the cool-down; a failed probe opens it for another cool-down', () => {
    const { breaker, advance } = breakerAt()
    for (let i = 0; i < 3; i++) breaker.failure()
    advance(600)
    expect(breaker.state).toBe('open')
    expect(breaker.delayMs()).toBe(400)
    advance(400)
    expect(breaker.state).toBe('half-open')
    expect(breaker.delayMs()).toBe(0)
    breaker.failure()
    expect(breaker.state).toBe('open')
    expect(breaker.delayMs()).toBe(1_000)
  })

  it('closes on a successful probe and counts failures afresh', () => {
    const { breaker, advance } = breakerAt()
    for (let i = 0; i < 3; i++) breaker.failure()
    advance(1_000)
    breaker.success()
    expect(breaker.state).toBe('closed')
    expect(breaker.consecutiveFailures).toBe(0)
    breaker.failure()
    expect(breaker.state).toBe('closed')
  })
})
