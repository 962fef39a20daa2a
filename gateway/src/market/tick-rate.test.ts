import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import { createSimulator } from './simulator'
import { createCatalogue } from './universe/catalogue'

const SEED = 5
// Tuesday 2026-03-10, 13:30–14:30 in Tokyo: the afternoon session's quietest hour (its U shape
// bottoms out at 14:00), so a rate that holds here holds all day.
const FROM = Date.parse('2026-03-10T04:30:00Z')
const HOUR_MS = 3_600_000
const STEP_MS = 250 // as the gateway's tick loop

/** When the simulator published each code's quotes over the hour, stepped as the gateway steps it. */
function publishedPerCode(codes: readonly string[]): Map<string, number[]> {
  const catalogue = createCatalogue(SEED)
  const tail = codes.flatMap((code) => {
    const listing = catalogue.listing(code)
    return listing?.simulatedFacts ? [listing] : []
  })
  const sim = createSimulator(SEED, 'real', FROM, [...LISTINGS, ...tail])
  // The long tail is built on demand (or in the background); here, at once.
  sim.build(0)
  const times = new Map<string, number[]>()
  for (let at = FROM + STEP_MS; at <= FROM + HOUR_MS; at += STEP_MS) {
    for (const quote of sim.advance(at) as Quote[]) {
      const code = times.get(quote.code)
      if (code) code.push(at)
      else times.set(quote.code, [at])
    }
  }
  return times
}

describe('tick rates by popularity', () => {
  // 1301 (a small fishery company) and 4475 (HENNGE) stand for the long tail.
  const published = publishedPerCode(['7203', '6758', '1301', '4475'])
  const counts = new Map([...published].map(([code, at]) => [code, at.length]))
  const perSecond = (code: string) => (counts.get(code) ?? 0) / (HOUR_MS / 1000)

  it('prints Toyota at least once a second on average, even in the midday lull', () => {
    expect(perSecond('7203')).toBeGreaterThanOrEqual(1)
    expect(perSecond('6758')).toBeGreaterThanOrEqual(0.5)
  })

  it('leaves no long silence in Toyota: most seconds print, never 10 s without one', () => {
    // Issue 15: a newcomer watched 7203 move once in 11 s.
    const at = published.get('7203') ?? []
    const seconds = new Set(at.map((t) => Math.floor((t - FROM) / 1000)))
    expect(seconds.size / (HOUR_MS / 1000)).toBeGreaterThan(2 / 3)
    const longest = Math.max(...at.slice(1).map((t, i) => t - at[i]!))
    expect(longest).toBeLessThan(10_000)
  })

  it('prints the long tail far less often, so the whole market stays affordable', () => {
    expect(perSecond('1301')).toBeGreaterThan(0)
    expect(perSecond('1301')).toBeLessThan(perSecond('7203') / 10)
    expect(perSecond('4475')).toBeLessThan(perSecond('7203') / 10)
    // Every Tokyo code of the hand-made catalogue together: a few dozen quotes a second, not thousands.
    const japan = LISTINGS.filter((l) => l.market === 'jp').map((l) => l.code)
    const total = japan.reduce((sum, code) => sum + (counts.get(code) ?? 0), 0)
    expect(total / (HOUR_MS / 1000)).toBeLessThan(40)
  })
})
