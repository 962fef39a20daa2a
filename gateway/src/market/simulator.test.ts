import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import { isOnTick } from '@kabu/shared/market/ticks'
import type { Quote } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import { describe, expect, it } from 'vitest'
import { barsOf } from './bar-query'
import { toWire } from './bars'
import { debutListing, firstDayMove } from './debut'
import { quoteOf } from './quote'
import { createSimulator, type Simulator } from './simulator'

// 02:30 in Tokyo, 01:30 in Shanghai, 13:30 in New York: every market is mid-day around the clock.
const T = Date.parse('2026-03-09T17:30:00Z')

/** Plays the simulator live in 250 ms steps, as the service's timer does, collecting prints. */
function play(sim: Simulator, from: number, ms: number): Quote[] {
  const printed: Quote[] = []
  for (let at = from + 250; at <= from + ms; at += 250) printed.push(...sim.advance(at))
  return printed
}

describe('simulator determinism', () => {
  it('gives the same history and the same prints for the same seed, others for another', () => {
    const a = createSimulator(7, 'always', T)
    const b = createSimulator(7, 'always', T)
    const other = createSimulator(8, 'always', T)
    const history = (sim: Simulator) => barsOf(sim.instruments.get('7203')!, '1d')
    expect(history(a)).toEqual(history(b))
    expect(history(a)).not.toEqual(history(other))

    const printsA = play(a, T, 20_000)
    const printsB = play(b, T, 20_000)
    expect(printsA.length).toBeGreaterThan(50)
    expect(printsA.slice(0, 200)).toEqual(printsB.slice(0, 200))
    expect(play(other, T, 20_000).slice(0, 50)).not.toEqual(printsA.slice(0, 50))
  })
})

describe('prints', () => {
  const sim = createSimulator(3, 'always', T)
  const printed = play(sim, T, 120_000)

  it('move every busy instrument within two minutes, each print one seq further', () => {
    const codes = new Set(printed.map((q) => q.code))
    // Thinly traded codes print a few times a minute or less (model.ts, half that at midday), so two minutes may pass
    // without a print of theirs; every other code moves.
    const still = [...sim.instruments.values()].filter((s) => !codes.has(s.listing.code))
    for (const s of still) expect(s.model.printsPerMinute, s.listing.code).toBeLessThan(5)
    expect(still.length).toBeLessThanOrEqual(3)
    const lastSeq = new Map<string, number>()
    for (const quote of printed) {
      const previous = lastSeq.get(quote.code)
      if (previous !== undefined) expect(quote.seq).toBe(previous + 1)
      lastSeq.set(quote.code, quote.seq)
    }
  })

  it('sit on the tick grid and inside the daily limits', () => {
    for (const quote of printed) {
      const listing = sim.instruments.get(quote.code)!.listing
      expect(isOnTick(listing, quote.price), `${quote.code} ${quote.price}`).toBe(true)
      if (quote.market === 'us' || quote.kind === 'index') {
        expect(quote.limitUp).toBeNull()
        continue
      }
      expect(quote.price).toBeLessThanOrEqual(quote.limitUp!)
      expect(quote.price).toBeGreaterThanOrEqual(quote.limitDown!)
    }
  })

  it('keep every daily bar of the history on the grid and inside its limits', () => {
    const problems: string[] = []
    for (const instrument of sim.instruments.values()) {
      const { listing } = instrument
      const days = barsOf(instrument, '1d')
      for (let i = 1; i < days.length; i++) {
        const bar = days[i]!
        const where = `${listing.code} ${bar.time}`
        const prices = [bar.open, bar.high, bar.low, bar.close]
        if (!prices.every((p) => isOnTick(listing, p))) problems.push(`${where} off grid`)
        if (bar.low > Math.min(bar.open, bar.close)) problems.push(`${where} low`)
        if (bar.high < Math.max(bar.open, bar.close)) problems.push(`${where} high`)
        // Limits widen with the price; ±35 % is wider than any TSE or China limit. A split's
        // ex-date trades around the reference price close / N (MARKET-RULES §5).
        const exDate = utcToIsoDate(bar.time * 1000)
        const split = (instrument.actions?.applied ?? [])
          .filter((a) => a.date === exDate && a.kind === 'split')
          .reduce((ratio, a) => ratio * (a.ratio ?? 1), 1)
        const prevClose = days[i - 1]!.close / split
        const limited = listing.kind === 'stock' && listing.market !== 'us'
        if (limited && (bar.high > prevClose * 1.35 || bar.low < prevClose * 0.65)) {
          problems.push(`${where} beyond limits`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('bars agree with ticks', () => {
  const sim = createSimulator(5, 'always', T)
  play(sim, T, 30_000)

  it.each(['7203', 'AAPL', '600519', 'N225'])('%s: 1d today = sum of 1m = snapshot', (code) => {
    const instrument = sim.instruments.get(code)!
    const minutes = instrument.day!.minuteBars
    const today = toWire(instrument.day!.bar!)
    const first = minutes[0]!
    const last = minutes[minutes.length - 1]!
    expect(today.open).toBe(toWire(first).open)
    expect(today.close).toBe(toWire(last).close)
    expect(today.high).toBe(
      toWire({ ...first, high: Math.max(...minutes.map((m) => m.high)) }).high,
    )
    expect(today.low).toBe(toWire({ ...first, low: Math.min(...minutes.map((m) => m.low)) }).low)
    expect(today.volume).toBe(minutes.reduce((sum, m) => sum + m.volume, 0))
    expect(today.turnover).toBe(
      toWire(first, BigInt(minutes.reduce((s, m) => s + m.turnover, 0))).turnover,
    )
    const daily = barsOf(instrument, '1d').at(-1)!
    expect(daily).toEqual(today)
    expect(daily.open).toBe(toWire({ ...first, open: instrument.day!.plan.open }).open)
    expect(instrument.price).toBe(last.close)
  })

  it('aggregates 5m bars from the 1m bars', () => {
    const instrument = sim.instruments.get('7203')!
    const ones = barsOf(instrument, '1m')
    const fives = barsOf(instrument, '5m')
    expect(fives.length).toBeGreaterThan(5)
    for (const five of fives) {
      expect(five.time % 300).toBe(0)
      const inside = ones.filter((b) => b.time >= five.time && b.time < five.time + 300)
      expect(inside.length).toBeGreaterThan(0)
      expect(five.open).toBe(inside[0]!.open)
      expect(five.close).toBe(inside.at(-1)!.close)
      expect(five.high).toBe(Math.max(...inside.map((b) => b.high)))
      expect(five.low).toBe(Math.min(...inside.map((b) => b.low)))
      expect(five.volume).toBe(inside.reduce((sum, b) => sum + b.volume, 0))
    }
  })

  it('has at least a year of daily history, weekly and monthly bars from it', () => {
    for (const code of ['7203', 'AAPL', '600519', 'SPX']) {
      const instrument = sim.instruments.get(code)!
      const days = barsOf(instrument, '1d')
      expect(days[0]!.time).toBeLessThanOrEqual(T / 1000 - 365 * 86_400)
      const months = barsOf(instrument, '1M')
      const weeks = barsOf(instrument, '1w')
      expect(weeks.length).toBeGreaterThanOrEqual(52)
      expect(months.length).toBeGreaterThanOrEqual(12)
      const volume = (bars: { volume: number }[]) => bars.reduce((sum, b) => sum + b.volume, 0)
      expect(volume(weeks)).toBe(volume(days))
      expect(volume(months)).toBe(volume(days))
      expect(new Date(months[1]!.time * 1000).getUTCDate()).toBe(1)
      expect(new Date(weeks[1]!.time * 1000).getUTCDay()).toBe(1)
    }
  })
})

describe('a new share (addDebut)', () => {
  const DAY = 86_400_000
  const listing = debutListing(7, {
    code: 'S123',
    market: 'jp',
    name: { ja: '模擬新規公開 S123', zh: '模拟新股 S123', en: 'Simulated IPO S123' },
    offerPrice: 1000,
    lot: 100,
    lotsOffered: 50,
    listingAt: T,
  })

  it('opens its first day from the offer price, gapped by its first-day move, then trades on', () => {
    const sim = createSimulator(7, 'always', T)
    sim.addDebut(listing, 1000, T, T)
    const debut = sim.instruments.get('S123')!
    const first = quoteOf(debut, true)
    expect(first.prevClose).toBe(1000)
    // The open is the first-day move and the day's own overnight draw (σ under 2 %), within limits.
    const moved = 1000 * (1 + firstDayMove(7, 'S123'))
    const open = unitsToPrice(debut.day!.plan.open)
    const limited = Math.min(first.limitUp!, Math.max(first.limitDown!, moved))
    if (limited === moved) expect(Math.abs(Math.log(open / moved))).toBeLessThan(0.1)
    else expect(open).toBe(limited)
    expect(barsOf(debut, '1d')).toHaveLength(1)

    sim.advance(T + DAY)
    const second = quoteOf(debut, true)
    const bars = barsOf(debut, '1d')
    expect(bars).toHaveLength(2)
    expect(second.prevClose).toBe(bars[0]?.close)
    // Adding it again (every gateway's every pass) changes nothing.
    sim.addDebut(listing, 1000, T, T + DAY)
    expect(sim.instruments.get('S123')).toBe(debut)
  })

  it('has a first-day move per code and seed, the same every time', () => {
    expect(firstDayMove(7, 'S123')).toBe(firstDayMove(7, 'S123'))
    expect(firstDayMove(7, 'S123')).not.toBe(firstDayMove(8, 'S123'))
    expect(listing).toMatchObject({ kind: 'stock', lot: 100, sharesOutstanding: 500_000 })
  })

  // Issue 34 item 8: a listed share kept its subscription unit (China 500, US 10) as its lot.
  it('trades in its market’s lot once listed, whatever unit it was subscribed in', () => {
    const listed = (market: 'jp' | 'us' | 'cn', lot: number) =>
      debutListing(7, { ...listing, market, lot, offerPrice: 10, lotsOffered: 50, listingAt: T })
    expect(listed('cn', 500)).toMatchObject({ lot: 100, sharesOutstanding: 2_500_000 })
    expect(listed('us', 10)).toMatchObject({ lot: 1, sharesOutstanding: 50_000 })
    expect(listed('jp', 1000).lot).toBe(100)
  })
})
