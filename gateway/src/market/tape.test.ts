import { TAPE_LENGTH } from '@kabu/shared/market/depth'
import { priceToUnits } from '@kabu/shared/money/units'
import fc from 'fast-check'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { openBar, addPrint } from './bars'
import { createMarket } from './index'
import { Tape, vwapOf } from './tape'

describe('Tape', () => {
  it('sides prints by the tick rule and keeps the last TAPE_LENGTH, newest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 200 }),
        (ticks) => {
          const tape = new Tape()
          ticks.forEach((price, i) => tape.record(i + 1, 1_000 + i, price * 10_000, 100))
          const entries = tape.entries(0)
          expect(entries).toHaveLength(Math.min(ticks.length, TAPE_LENGTH))
          expect(entries[0]!.seq).toBe(ticks.length)
          // Newest first: the entry after each one is the print before it.
          for (let i = 0; i + 1 < entries.length; i++) {
            const [now, before] = [entries[i]!, entries[i + 1]!]
            expect(now.seq).toBe(before.seq + 1)
            if (now.price > before.price) expect(now.side).toBe('buy')
            else if (now.price < before.price) expect(now.side).toBe('sell')
            else expect(now.side).toBe(before.side)
          }
          expect(tape.lastSide()).toBe(entries[0]!.side)
        },
      ),
    )
  })

  it('answers only prints after a time and after a seq', () => {
    const tape = new Tape()
    for (let i = 1; i <= 10; i++) tape.record(i, i * 1_000, 1_000_000, 100)
    expect(tape.entries(8_000).map((p) => p.seq)).toEqual([10, 9, 8])
    expect(tape.entries(0, 7).map((p) => p.seq)).toEqual([10, 9, 8])
    expect(tape.entries(0, 10)).toEqual([])
  })
})

describe('vwapOf', () => {
  it('lies between the low and the high of the prints it averages', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 1, max: 10_000 })),
          {
            minLength: 1,
            maxLength: 100,
          },
        ),
        (prints) => {
          const [[price, size]] = prints as [[number, number]]
          const bar = openBar(0, price, size)
          for (const [p, s] of prints.slice(1)) addPrint(bar, p, s)
          const vwap = priceToUnits(vwapOf(bar)!)
          expect(vwap).toBeGreaterThanOrEqual(bar.low)
          expect(vwap).toBeLessThanOrEqual(bar.high)
        },
      ),
    )
    expect(vwapOf(null)).toBeNull()
    expect(vwapOf(openBar(0, 100, 0))).toBeNull()
  })
})

describe('market depth', () => {
  // A Tuesday, 14:00 in Tokyo: Japan and China trade, New York is closed.
  const market = createMarket({
    clock: { now: () => Date.parse('2026-03-10T05:00:00Z') },
    seed: 11,
    marketHours: 'real',
    logger: pino({ level: 'silent' }),
  })

  it('agrees with the quote: VWAP is turnover / volume, inside the day range, tape at the last print', () => {
    for (const code of ['7203', '6861', '600519', '688981', 'AAPL']) {
      const quote = market.snapshot(code)!
      const depth = market.depth(code)!
      expect(depth.code).toBe(code)
      expect(depth.vwap).not.toBeNull()
      expect(depth.vwap!).toBeGreaterThanOrEqual(quote.low)
      expect(depth.vwap!).toBeLessThanOrEqual(quote.high)
      expect(depth.vwap!).toBeCloseTo(quote.turnover / quote.volume, 3)
      expect(depth.tape.length).toBe(TAPE_LENGTH)
      expect(depth.tape[0]).toMatchObject({ seq: quote.seq, price: quote.price, time: quote.time })
      expect(depth.bids.length).toBeGreaterThanOrEqual(5)
      expect(depth.asks.length).toBeGreaterThanOrEqual(5)
      expect(depth.bids[0]!.price).toBeLessThan(depth.asks[0]!.price)
      if (quote.limitUp !== null)
        expect(depth.asks.at(-1)!.price).toBeLessThanOrEqual(quote.limitUp)
      if (quote.limitDown !== null)
        expect(depth.bids.at(-1)!.price).toBeGreaterThanOrEqual(quote.limitDown)
    }
    expect(market.depth('NOPE')).toBeUndefined()
    expect(market.depth('N225')).toMatchObject({ bids: [], asks: [], vwap: null })
  })
})
