import { describe, expect, it } from 'vitest'
import { createRequestCounter } from './request-counter'

describe('request counter', () => {
  it('reports busy at the first request and idle when the last one ends', () => {
    const edges: boolean[] = []
    const counter = createRequestCounter((busy) => edges.push(busy))
    const endA = counter.begin()
    const endB = counter.begin()
    expect(edges).toEqual([true])
    endA()
    expect(edges).toEqual([true])
    expect(counter.inFlight).toBe(1)
    endB()
    expect(edges).toEqual([true, false])
    expect(counter.inFlight).toBe(0)
  })

  it('ignores a second end of the same request', () => {
    const edges: boolean[] = []
    const counter = createRequestCounter((busy) => edges.push(busy))
    const endA = counter.begin()
    const endB = counter.begin()
    endA()
    endA()
    expect(counter.inFlight).toBe(1)
    expect(edges).toEqual([true])
    endB()
    expect(edges).toEqual([true, false])
  })
})
