import { describe, expect, it } from 'vitest'
import { barsOf } from './bar-query'
import { quoteOf } from './quote'
import { createSimulator } from './simulator'

const jpCodes = (quotes: { market: string; code: string }[]) =>
  quotes.filter((q) => q.market === 'jp').map((q) => q.code)

function step(sim: ReturnType<typeof createSimulator>, from: number, to: number, every = 1_000) {
  const printed = []
  for (let at = from; at <= to; at += every) printed.push(...sim.advance(at))
  return printed
}

describe("'real' market hours", () => {
  it('builds a year of history and today quickly', () => {
    const started = performance.now()
    const sim = createSimulator(1, 'real', Date.parse('2026-03-10T05:00:00Z'))
    // Generous for a loaded 2-core machine; unloaded it takes well under a second.
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(barsOf(sim.instruments.get('7203')!, '1d').length).toBeGreaterThan(245)
  })

  it('does not move on a Saturday, and quotes say the market is closed', () => {
    const saturday = Date.parse('2026-03-14T03:00:00Z') // 12:00 Tokyo, 11:00 Shanghai, Fri 23:00 New York
    const sim = createSimulator(2, 'real', saturday)
    const seqs = [...sim.instruments.values()].map((s) => s.seq)
    expect(step(sim, saturday, saturday + 3_600_000, 60_000)).toEqual([])
    expect([...sim.instruments.values()].map((s) => s.seq)).toEqual(seqs)
    const toyota = sim.instruments.get('7203')!
    expect(quoteOf(toyota, sim.trading('jp', saturday)).trading).toBe(false)
    // The last trading day is Friday the 13th, whole, in its daily bar and its 1m bars.
    expect(toyota.day!.plan.date).toBe('2026-03-13')
    expect(toyota.day!.done).toBe(true)
  })

  it('holds Tokyo prices through the lunch break and resumes at 12:30', () => {
    const morning = Date.parse('2026-03-10T02:00:00Z') // 11:00 Tokyo
    const sim = createSimulator(3, 'real', morning)
    const beforeLunch = step(sim, morning, Date.parse('2026-03-10T02:30:00Z'))
    expect(jpCodes(beforeLunch).length).toBeGreaterThan(0)
    const lunch = step(sim, Date.parse('2026-03-10T02:30:01Z'), Date.parse('2026-03-10T03:29:59Z'))
    expect(jpCodes(lunch)).toEqual([])
    expect(sim.trading('jp', Date.parse('2026-03-10T03:00:00Z'))).toBe(false)
    // China trades 10:30–11:30 Shanghai time meanwhile.
    expect(lunch.some((q) => q.market === 'cn')).toBe(true)
    const afternoon = step(
      sim,
      Date.parse('2026-03-10T03:30:00Z'),
      Date.parse('2026-03-10T03:35:00Z'),
    )
    expect(jpCodes(afternoon).length).toBeGreaterThan(0)
    expect(afternoon.every((q) => q.market !== 'jp' || q.trading)).toBe(true)
  })

  it('jumps days ahead quickly, with contiguous daily bars', () => {
    const start = Date.parse('2026-03-10T05:00:00Z')
    const sim = createSimulator(4, 'real', start)
    sim.advance(start + 1_000)
    const began = performance.now()
    const later = start + 20 * 86_400_000
    const published = sim.advance(later)
    expect(performance.now() - began).toBeLessThan(5_000)
    // A jump publishes one quote per instrument that printed, not every print.
    expect(published.length).toBeLessThanOrEqual(sim.instruments.size)
    const toyota = sim.instruments.get('7203')!
    const days = barsOf(toyota, '1d')
    const times = days.map((d) => d.time)
    expect(new Set(times).size).toBe(times.length)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(days.at(-1)!.time).toBe(Date.parse('2026-03-30T00:00:00Z') / 1000)
    // Each day opens from the previous day's close.
    expect(toyota.day!.plan.prevClose / 10_000).toBe(days.at(-2)!.close)
  })
})
