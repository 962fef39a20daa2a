import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocateBlock, discountedUnits } from './block'

const sum = (xs: { lots: number }[]) => xs.reduce((s, x) => s + x.lots, 0)

const requestsArb = fc.array(
  fc.record({ lots: fc.integer({ min: 0, max: 1_000 }), at: fc.integer({ min: 0, max: 50 }) }),
  { maxLength: 40 },
)

describe('allocateBlock, the published oversubscription rule', () => {
  it('gives everyone what they asked when the offer covers it', () => {
    expect(allocateBlock(10, [{ ref: 'a', lots: 4, at: 1 }])).toEqual([{ ref: 'a', lots: 4 }])
    expect(allocateBlock(0, [])).toEqual([])
  })

  it('goes pro rata, rounded down, the rest lot by lot in request order', () => {
    expect(
      allocateBlock(10, [
        { ref: 'a', lots: 10, at: 1 },
        { ref: 'b', lots: 5, at: 2 },
      ]),
    ).toEqual([
      { ref: 'a', lots: 7 },
      { ref: 'b', lots: 3 },
    ])
    // Three equal asks of one lot for two lots: the two earliest get them, whatever the input order.
    expect(
      allocateBlock(2, [
        { ref: 'late', lots: 1, at: 9 },
        { ref: 'first', lots: 1, at: 1 },
        { ref: 'second', lots: 1, at: 2 },
      ]),
    ).toEqual([
      { ref: 'late', lots: 0 },
      { ref: 'first', lots: 1 },
      { ref: 'second', lots: 1 },
    ])
  })

  it('never hands out more than offered, nor more than asked, and all of it when oversubscribed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), requestsArb, (offered, asks) => {
        const requests = asks.map((r, i) => ({ ref: i, ...r }))
        const got = allocateBlock(offered, requests)
        expect(got.map((g) => g.ref)).toEqual(requests.map((r) => r.ref))
        expect(sum(got)).toBe(Math.min(offered, sum(requests)))
        got.forEach((g, i) => {
          expect(g.lots).toBeGreaterThanOrEqual(0)
          expect(g.lots).toBeLessThanOrEqual(requests[i]!.lots)
          // Never below the pro-rata share rounded down.
          const asked = sum(requests)
          if (asked > offered) {
            expect(g.lots).toBeGreaterThanOrEqual(Math.floor((requests[i]!.lots * offered) / asked))
          }
        })
      }),
    )
  })

  it('gives a remainder lot to an earlier request before a later one with the same share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 2, max: 12 }), (ask, n) => {
        const requests = Array.from({ length: n }, (_, i) => ({ ref: i, lots: ask, at: i }))
        const offered = Math.max(0, ask * n - 1)
        const got = allocateBlock(offered, requests).map((g) => g.lots)
        // Equal asks: shares differ by at most one lot, and the extra lots went to the earliest.
        expect([...got].sort((a, b) => b - a)).toEqual(got)
        expect(Math.max(...got) - Math.min(...got)).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('refuses nonsense input', () => {
    expect(() => allocateBlock(-1, [])).toThrow(RangeError)
    expect(() => allocateBlock(1, [{ ref: 0, lots: 1.5, at: 0 }])).toThrow(RangeError)
  })
})

describe('discountedUnits', () => {
  it('takes the discount off the previous close', () => {
    expect(discountedUnits(10_000_000n, 3)).toBe(9_700_000n)
    expect(discountedUnits(10_000_000n, 0)).toBe(10_000_000n)
    expect(() => discountedUnits(1n, 100)).toThrow(RangeError)
  })
})
