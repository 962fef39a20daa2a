import { LISTINGS } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { simulatedBook, type BookState, type UnitLevel } from './book'
import { pricingFor } from './pricing'
import { randomStream } from './rng'

const STOCKS = LISTINGS.filter((listing) => listing.kind === 'stock')

/** A stock, a previous close around its base price, and a last print anywhere inside the limits. */
const scenario = fc
  .record({
    listing: fc.constantFrom(...STOCKS),
    prevFactor: fc.double({ min: 0.05, max: 20, noNaN: true }),
    position: fc.double({ min: 0, max: 1, noNaN: true }),
    lastSide: fc.constantFrom('buy' as const, 'sell' as const),
    meanLots: fc.double({ min: 0, max: 5_000, noNaN: true }),
    activity: fc.double({ min: 0, max: 4, noNaN: true }),
    dailyVol: fc.double({ min: 0.001, max: 0.2, noNaN: true }),
    seq: fc.nat(),
  })
  .map((s) => {
    const pricing = pricingFor(s.listing)
    const prevClose = pricing.snap(s.listing.basePrice * 10_000 * s.prevFactor)
    const limits = pricing.limits(prevClose)
    const low = limits?.down ?? pricing.snap(prevClose * 0.5)
    const high = limits?.up ?? pricing.snap(prevClose * 1.5)
    const price = pricing.snap(low + s.position * (high - low))
    const state: BookState = {
      price: limits ? Math.min(limits.up, Math.max(limits.down, price)) : price,
      lastSide: s.lastSide,
      limits,
      lot: s.listing.lot,
      meanLots: s.meanLots,
      activity: s.activity,
      dailyVol: s.dailyVol,
    }
    return { ...s, pricing, state }
  })

const onGrid = (listing: (typeof STOCKS)[number], level: UnitLevel) =>
  roundUnitsToTick(listing, level.price) === level.price

describe('simulatedBook', () => {
  it('keeps both sides sorted, on the grid, inside the limits, in whole lots, bid below ask', () => {
    fc.assert(
      fc.property(scenario, ({ listing, pricing, state, seq }) => {
        const { bids, asks } = simulatedBook(state, pricing, randomStream(1, 'book', seq))
        for (let i = 1; i < bids.length; i++)
          expect(bids[i]!.price).toBeLessThan(bids[i - 1]!.price)
        for (let i = 1; i < asks.length; i++)
          expect(asks[i]!.price).toBeGreaterThan(asks[i - 1]!.price)
        for (const level of [...bids, ...asks]) {
          expect(onGrid(listing, level)).toBe(true)
          expect(level.price).toBeGreaterThan(0)
          expect(level.size).toBeGreaterThanOrEqual(listing.lot)
          expect(level.size % listing.lot).toBe(0)
          if (state.limits) {
            expect(level.price).toBeLessThanOrEqual(state.limits.up)
            expect(level.price).toBeGreaterThanOrEqual(state.limits.down)
          }
        }
        if (bids[0] && asks[0]) expect(bids[0].price).toBeLessThan(asks[0].price)
        // The last print is at the touch it traded against.
        expect(bids[0]?.price === state.price || asks[0]?.price === state.price).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('shows ten levels a side wherever the limits leave room', () => {
    fc.assert(
      fc.property(scenario, ({ pricing, state, seq }) => {
        const { limits } = state
        // Room: 25 ticks either side before a limit (holes skip at most one tick per level).
        let up = state.price
        let down = state.price
        for (let i = 0; i < 25; i++) {
          up = pricing.snap(up + 1, 'up')
          down = pricing.snap(down - 1, 'down')
        }
        fc.pre(!limits || (up <= limits.up && down >= limits.down))
        const lowest = pricing.snap(1, 'up')
        fc.pre(down > lowest)
        const { bids, asks } = simulatedBook(state, pricing, randomStream(2, 'book', seq))
        expect(bids).toHaveLength(10)
        expect(asks).toHaveLength(10)
      }),
      { numRuns: 300 },
    )
  })

  it('queues the buyers at stop-high with no ask, and the sellers at stop-low with no bid', () => {
    const listing = STOCKS.find((l) => l.code === '7203')!
    const pricing = pricingFor(listing)
    const limits = pricing.limits(29_000_000)!
    const base: BookState = {
      price: limits.up,
      lastSide: 'buy',
      limits,
      lot: 100,
      meanLots: 100,
      activity: 1,
      dailyVol: 0.018,
    }
    const high = simulatedBook(base, pricing, randomStream(1, 'x'))
    expect(high.asks).toEqual([])
    expect(high.bids[0]!.price).toBe(limits.up)
    expect(high.bids[0]!.size).toBeGreaterThan(high.bids[1]!.size)
    const low = simulatedBook(
      { ...base, price: limits.down, lastSide: 'sell' },
      pricing,
      randomStream(1, 'x'),
    )
    expect(low.bids).toEqual([])
    expect(low.asks[0]!.price).toBe(limits.down)
  })

  it('is the same book for the same print, and an index has none', () => {
    const listing = STOCKS[0]!
    const pricing = pricingFor(listing)
    const state: BookState = {
      price: pricing.snap(listing.basePrice * 10_000),
      lastSide: 'sell',
      limits: pricing.limits(pricing.snap(listing.basePrice * 10_000)),
      lot: listing.lot,
      meanLots: 30,
      activity: 1.2,
      dailyVol: 0.02,
    }
    expect(simulatedBook(state, pricing, randomStream(1, 'b', 7))).toEqual(
      simulatedBook(state, pricing, randomStream(1, 'b', 7)),
    )
    expect(simulatedBook({ ...state, lot: 0 }, pricing, randomStream(1, 'b', 7))).toEqual({
      bids: [],
      asks: [],
    })
  })
})
