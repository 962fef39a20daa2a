import { describe, expect, it } from 'vitest'
import { FUNDAMENTALS, fundamentalsOf } from './fundamentals'
import { LISTINGS, listingByCode } from './index'

describe('simulated fundamentals', () => {
  it('cover every stock and no index, with ratios in a plausible range', () => {
    for (const listing of LISTINGS) {
      const facts = FUNDAMENTALS.get(listing.code)
      if (listing.kind === 'index') {
        expect(facts, listing.code).toBeUndefined()
        continue
      }
      expect(facts, listing.code).toBeDefined()
      const { eps, bookPerShare, dividendPerShare } = facts!
      expect(eps, listing.code).not.toBe(0)
      if (eps > 0) {
        const pe = listing.basePrice / eps
        expect(pe, listing.code).toBeGreaterThan(4)
        expect(pe, listing.code).toBeLessThan(45)
      }
      expect(listing.basePrice / bookPerShare, listing.code).toBeGreaterThan(0.4)
      const yieldPct = (dividendPerShare / listing.basePrice) * 100
      expect(yieldPct, listing.code).toBeGreaterThanOrEqual(0)
      expect(yieldPct, listing.code).toBeLessThan(7)
      // A loss-maker pays nothing.
      if (eps < 0) expect(dividendPerShare, listing.code).toBe(0)
    }
  })

  it('are stable: the same listing always gives the same figures', () => {
    const toyota = listingByCode('7203')!
    expect(fundamentalsOf(toyota)).toEqual(fundamentalsOf({ ...toyota }))
    expect(fundamentalsOf(listingByCode('N225')!)).toBeNull()
  })
})
