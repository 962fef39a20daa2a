import { describe, expect, it } from 'vitest'
import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Bar, Listing, Quote } from '@kabu/shared/market/types'
import { Refusal } from '../common/refusal'
import { checkShortPriceRule, fellFrom } from './short-price-rule'

const RULE = { fall: '0.1', exemptUnits: 50 }
const YEN = 10_000n
const toyota = listingByCode('7203') as Listing
const apple = listingByCode('AAPL') as Listing
// 2026-12-02 11:00 Tokyo.
const NOW = Date.parse('2026-12-02T02:00:00Z')
const quote = (prevClose: number, low: number): Quote =>
  ({ code: '7203', market: 'jp', prevClose, low, price: low, time: NOW }) as Quote
const bar = (date: string, low: number, close: number): Bar => ({
  time: Date.parse(`${date}T00:00:00Z`) / 1000,
  open: close,
  high: close,
  low,
  close,
  volume: 0,
  turnover: 0,
})
/** A market whose daily bars are `bars` (today's among them, as the simulator's are). */
const market = (bars: Bar[] = []) => ({ bars: () => bars })
const verdict = (run: () => void) => {
  try {
    run()
  } catch (error) {
    return error instanceof Refusal ? error.key : 'not a refusal'
  }
  return 'accepted'
}

describe('the short-sale price restriction', () => {
  it('triggers at a fall of exactly 10 % from the base price, not a unit less', () => {
    expect(fellFrom(1000n * YEN, 900n * YEN, '0.1')).toBe(true)
    expect(fellFrom(1000n * YEN, 900n * YEN + 1n, '0.1')).toBe(false)
    // 10 % of 3,333.3 is 333.33: the low must be 2,999.97 or under.
    expect(fellFrom(33_333_000n, 29_999_700n, '0.1')).toBe(true)
    expect(fellFrom(33_333_000n, 29_999_701n, '0.1')).toBe(false)
    expect(fellFrom(0n, 0n, '0.1')).toBe(false)
  })

  it('refuses more than 50 units after a fall today, and spares 50 or fewer', () => {
    const t = { listing: toyota, quote: quote(1000, 900) }
    expect(verdict(() => checkShortPriceRule(market(), t, 5_100, RULE))).toBe(
      'short_price_restricted',
    )
    expect(verdict(() => checkShortPriceRule(market(), t, 5_000, RULE))).toBe('accepted')
    const calm = { listing: toyota, quote: quote(1000, 901) }
    expect(verdict(() => checkShortPriceRule(market(), calm, 5_100, RULE))).toBe('accepted')
  })

  it('holds the trading day after a fall, skipping days without trading, then lifts', () => {
    const calm = { listing: toyota, quote: quote(1000, 990) }
    // Today is Wednesday; the last trading day before it (Friday, the days between without bars
    // as a run of holidays leaves none) fell 10 % from Thursday's close.
    const fellFriday = [
      bar('2026-11-26', 1000, 1000),
      bar('2026-11-27', 900, 950),
      bar('2026-12-02', 990, 990),
    ]
    expect(verdict(() => checkShortPriceRule(market(fellFriday), calm, 5_100, RULE))).toBe(
      'short_price_restricted',
    )
    // Thursday fell, Friday did not: two trading days ago, the restriction has lifted.
    const fellBefore = [
      bar('2026-11-26', 900, 950),
      bar('2026-11-27', 950, 1000),
      bar('2026-12-02', 990, 990),
    ]
    expect(verdict(() => checkShortPriceRule(market(fellBefore), calm, 5_100, RULE))).toBe(
      'accepted',
    )
  })

  it('is Japan’s: another market is not under it', () => {
    const t = { listing: apple, quote: { ...quote(100, 80), market: 'us' } as Quote }
    expect(verdict(() => checkShortPriceRule(market(), t, 51, RULE))).toBe('accepted')
  })
})
