import { LISTINGS } from '@kabu/shared/market/listings/index'
import { describe, expect, it } from 'vitest'
import { barsOf } from './bar-query'
import { toWire } from './bars'
import { createSimulator } from './simulator'
import { createCatalogue } from './universe/catalogue'

/**
 * The long tail of the Tokyo market (listings with simulated facts) is caught up on cheaply: the
 * minutes before the last quarter hour are folded into the day's bar and made again when a chart
 * asks (minute-summary.ts quietMinutes), and a clock jump past the end of the day they walk sends
 * them back to be built again instead of walking that day to its end (simulator.ts).
 */
const SEED = 4
// 13:20 in Tokyo: in MARKET_HOURS=always, 800 minutes of the day have passed.
const T = Date.parse('2026-03-10T04:20:00Z')
const DAY = 86_400_000
const catalogue = createCatalogue(SEED)
// Two codes of the long tail: 1301 (a fishery, thin) and the busiest of the rest.
const busiest = catalogue.listings
  .filter((l) => l.simulatedFacts && l.code !== '1301')
  .sort((a, b) => b.sharesOutstanding * b.basePrice - a.sharesOutstanding * a.basePrice)[0]!
const tail = [catalogue.listing('1301')!, busiest]

describe('the long tail caught up on', () => {
  it.each(tail.map((l) => l.code))(
    '%s keeps no bar per minute caught up on, yet its 1m bars add up to the day',
    (code) => {
      const sim = createSimulator(SEED, 'always', T, [...LISTINGS, ...tail])
      const instrument = sim.instrument(code)!
      const day = instrument.day!
      // Only the last quarter hour is kept as bars; the 785 minutes before are one fold.
      expect(day.quiet).toBeGreaterThan(700)
      expect(day.minuteBars.length).toBeLessThanOrEqual(16)
      const minutes = barsOf(instrument, '1m')
      // A thin code prints in some minutes only, but every few minutes.
      expect(minutes.length).toBeGreaterThan(code === '1301' ? 50 : 700)
      const today = barsOf(instrument, '1d').at(-1)!
      expect(today.open).toBe(minutes[0]!.open)
      expect(today.close).toBe(minutes.at(-1)!.close)
      expect(today.high).toBe(Math.max(...minutes.map((m) => m.high)))
      expect(today.low).toBe(Math.min(...minutes.map((m) => m.low)))
      expect(today.volume).toBe(minutes.reduce((sum, m) => sum + m.volume, 0))
      const turnover = instrument.minuteBarsOf(day).reduce((sum, m) => sum + m.turnover, 0)
      expect(toWire(day.bar!).turnover).toBe(toWire(day.bar!, BigInt(turnover)).turnover)
    },
  )

  it('sends the long tail back to be built after a jump past its day, its seq going on', () => {
    const sim = createSimulator(SEED, 'always', T, [...LISTINGS, ...tail])
    sim.build(0)
    const before = sim.instruments.get(busiest.code)!.seq
    expect(before).toBeGreaterThan(0)
    sim.advance(T + DAY)
    // The hand-made listings are caught up on at once; the long tail waits to be built again.
    expect(sim.instruments.has('7203')).toBe(true)
    expect(sim.instruments.has(busiest.code)).toBe(false)
    expect(sim.unbuilt()).toBe(2)
    expect(sim.pending(false)).toBe(2)
    const rebuilt = sim.instrument(busiest.code)!
    expect(rebuilt.seq).toBeGreaterThan(before)
    expect(rebuilt.day!.plan.date).toBe('2026-03-11')
    sim.build(0, true)
    expect(sim.pending(true)).toBe(0)
  })

  it('walks the long tail on when the clock moves on within the day', () => {
    const sim = createSimulator(SEED, 'always', T, [...LISTINGS, ...tail])
    sim.build(0)
    sim.advance(T + 3 * 3_600_000)
    expect(sim.unbuilt()).toBe(0)
  })
})
