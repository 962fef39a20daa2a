import { describe, expect, it } from 'vitest'
import { tseRenewalInterval } from '@kabu/shared/market/limits'
import { SPECIAL_QUOTE_STEP_MS, specialQuoteStep, type SpecialQuoteState } from './prints'
import { createSimulator } from './simulator'

// Toyota-like: last 2,500 yen, renewal interval 50 yen, limits 2,000–3,000 (all in units).
const Y = 10_000
const LAST = 2_500 * Y
const INTERVAL = 50 * Y
const LIMITS = { up: 3_000 * Y, down: 2_000 * Y }
const T0 = Date.UTC(2026, 2, 2, 0, 30)

/** Feeds a print at `price` each minute after T0 for `minutes` minutes; returns every outcome. */
function walk(start: SpecialQuoteState | null, price: number, minutes: number) {
  let special = start
  const steps = []
  for (let m = 1; m <= minutes; m++) {
    const step = specialQuoteStep(special, LAST, price, T0 + m * 60_000, INTERVAL, LIMITS)
    steps.push(step)
    special = step.special
  }
  return steps
}

describe('TSE special quote (特別気配)', () => {
  it('trades a print within one renewal interval of the last price', () => {
    for (const price of [LAST + INTERVAL, LAST - INTERVAL, LAST]) {
      expect(specialQuoteStep(null, LAST, price, T0, INTERVAL, LIMITS)).toEqual({
        special: null,
        trades: true,
      })
    }
  })

  it('turns a forced jump up into a bid special quote one interval above the last price', () => {
    const step = specialQuoteStep(null, LAST, 2_680 * Y, T0, INTERVAL, LIMITS)
    expect(step).toEqual({
      trades: false,
      special: { side: 'bid', price: 2_550 * Y, nextMoveAt: T0 + SPECIAL_QUOTE_STEP_MS },
    })
  })

  it('walks the quote one interval per 3 minutes until the path is reached, then trades', () => {
    const entered = specialQuoteStep(null, LAST, 2_680 * Y, T0, INTERVAL, LIMITS).special
    const steps = walk(entered, 2_680 * Y, 12)
    // Minutes 1–2: 2,550; 3–5: 2,600; 6–8: 2,650; 9: 2,700 ≥ 2,680, so that print trades.
    const quoted = steps.map((s) => (s.special ? s.special.price / Y : 'trade'))
    expect(quoted.slice(0, 9)).toEqual([2550, 2550, 2600, 2600, 2600, 2650, 2650, 2650, 'trade'])
    expect(steps.slice(0, 8).every((s) => !s.trades && s.special?.side === 'bid')).toBe(true)
    expect(steps[8]).toEqual({ special: null, trades: true })
  })

  it('shows an ask special quote on a fall and stops at the daily limit', () => {
    const entered = specialQuoteStep(null, LAST, 1_000 * Y, T0, INTERVAL, LIMITS).special
    expect(entered).toMatchObject({ side: 'ask', price: 2_450 * Y })
    const steps = walk(entered, 1_000 * Y, 60)
    expect(steps.every((s) => !s.trades)).toBe(true)
    // 2,450 − 9 intervals reaches 2,000 (stop low) after 27 minutes and stays there.
    expect(steps[26]!.special!.price).toBe(2_000 * Y)
    expect(steps[59]!.special!.price).toBe(LIMITS.down)
  })

  it('trades as soon as the path comes back inside the quote', () => {
    const entered = specialQuoteStep(null, LAST, 2_680 * Y, T0, INTERVAL, LIMITS).special
    const back = specialQuoteStep(entered, LAST, 2_540 * Y, T0 + 60_000, INTERVAL, LIMITS)
    expect(back).toEqual({ special: null, trades: true })
  })
})

describe('special quote in the simulator', () => {
  it('holds the price and walks a bid quote up after a forced drop of the last price', () => {
    const T = Date.parse('2026-03-09T17:30:00Z')
    const sim = createSimulator(3, 'always', T)
    const toyota = sim.instruments.get('7203')!
    // Force a jump: the last trade far below where the path goes next.
    const forced = toyota.pricing.snap(toyota.price * 0.8)
    toyota.price = forced
    const quotes = []
    for (let at = T + 1000; at <= T + 7 * 60_000; at += 1000) {
      quotes.push(...sim.advance(at).filter((q) => q.code === '7203'))
    }
    const special = quotes.filter((q) => q.special)
    expect(special.length).toBeGreaterThanOrEqual(3)
    expect(special.every((q) => q.special!.side === 'bid' && q.price * Y === forced)).toBe(true)
    const interval = tseRenewalInterval(special[0]!.prevClose)
    const steps = [...new Set(special.map((q) => q.special!.price))]
    // Entered one interval above, then one more at 3 and at 6 minutes.
    expect(steps).toEqual([1, 2, 3].map((k) => Math.round((forced / Y + k * interval) * 10) / 10))
    expect(special.map((q) => q.seq)).toEqual([...special.map((q) => q.seq)].sort((a, b) => a - b))
  })
})
