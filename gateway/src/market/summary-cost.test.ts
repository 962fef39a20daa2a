import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createMarket } from './index'

/**
 * The summary over the whole Tokyo market answers without pricing thousands of past years inside
 * the request (the phone journey's summary page timed out on CI when it did): its 52-week lists
 * draw on the codes whose range is priced, and on every code once the background has priced them.
 */
const logger = pino({ level: 'silent' })
let now = Date.parse('2026-03-10T02:00:00Z')
const clock = { now: () => now }

describe('the market summary over the whole market', () => {
  const market = createMarket({ clock, seed: 2, marketHours: 'always', logger })

  it('answers once the listings are built, leaving out the pasts not priced yet', async () => {
    await market.whole()
    const summary = market.summary('jp')
    expect(summary.indicators.stocks).toBeGreaterThan(4_600)
    // Every row of the 52-week lists has a priced past; most long-tail codes do not yet.
    const listed = [...summary.yearHighs, ...summary.yearLows]
    for (const row of listed) expect(market.pastYearRange(row.code, true), row.code).toBeDefined()
    const unpriced = market
      .rank('jp', 'cap', 5_000)
      .filter((q) => !market.pastYearRange(q.code, true))
    // Pricing those years took seconds of one core; the summary itself is a pass over quotes.
    expect(unpriced.length).toBeGreaterThan(4_000)
  })

  it('is kept a few seconds, then made again; with every past priced, the lists are complete', async () => {
    const first = market.summary('jp')
    expect(market.summary('jp')).toBe(first)
    await market.whole(true)
    expect(market.summary('jp')).toBe(first)
    now += 6_000
    const later = market.summary('jp')
    expect(later).not.toBe(first)
    const everyCode = market.rank('jp', 'cap', 5_000)
    expect(everyCode.every((q) => market.pastYearRange(q.code, true))).toBe(true)
    expect(later.yearHighs.length + later.yearLows.length).toBeGreaterThan(0)
  }, 120_000)
})
