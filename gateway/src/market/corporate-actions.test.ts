import { LISTINGS, listingByCode } from '@kabu/shared/market/listings/index'
import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import type { Bar, CorporateAction } from '@kabu/shared/market/types'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { scheduleFor } from './corporate-actions'
import { createMarket, type MarketService } from './index'

// A Tuesday, 14:00 in Tokyo; a year of history lies behind it in every market.
const NOW = Date.parse('2026-03-10T05:00:00Z')
let market: MarketService

beforeAll(() => {
  market = createMarket({
    clock: { now: () => NOW },
    seed: 1,
    marketHours: 'real',
    logger: pino({ level: 'silent' }),
  })
})

const stocks = LISTINGS.filter((l) => l.kind === 'stock')
const dayOf = (bar: Bar) => utcToIsoDate(bar.time * 1000)
/** The daily bars of `code` and the index of the bar dated `date`. */
function around(code: string, date: string) {
  const bars = market.bars(code, '1d')
  return { bars, at: bars.findIndex((bar) => dayOf(bar) === date) }
}
const all = () =>
  stocks.flatMap((l) => market.corporateActions(l.code)).filter((a) => a.date < '2026-03-09')

describe('scheduleFor', () => {
  it('gives each market its dividend rhythm and indices nothing, the same for the same seed', () => {
    const count = (market: string, year: number) =>
      stocks
        .filter((l) => l.market === market)
        .map((l) => scheduleFor(1, l, year).filter((a) => a.kind === 'dividend').length)
    expect(new Set(count('jp', 2025))).toEqual(new Set([0, 2]))
    expect(new Set(count('us', 2025))).toEqual(new Set([0, 4]))
    expect(new Set(count('cn', 2025))).toEqual(new Set([0, 1]))
    const jp = stocks.find((l) => l.market === 'jp' && scheduleFor(1, l, 2025).length > 0)
    expect(jp && scheduleFor(1, jp, 2025).map((a) => a.target.slice(5, 7))).toEqual(
      expect.arrayContaining(['03', '09']),
    )
    const index = LISTINGS.find((l) => l.kind === 'index')
    expect(index && scheduleFor(1, index, 2025)).toEqual([])
    for (const l of stocks.slice(0, 20))
      expect(scheduleFor(1, l, 2025)).toEqual(scheduleFor(1, l, 2025))
  })
})

describe('corporate actions in the simulated history', () => {
  it('lists splits and dividends of the year, newest last, with realistic sizes', () => {
    const actions = all()
    const splits = actions.filter((a) => a.kind === 'split')
    const dividends = actions.filter((a) => a.kind === 'dividend')
    expect(splits.length).toBeGreaterThan(3)
    expect(dividends.length).toBeGreaterThan(100)
    for (const split of splits) expect([2, 3, 0.2]).toContain(split.ratio)
    // One payment is 0.07 % … 4.5 % of the price (Japan's half-year, China's whole year).
    for (const d of dividends) expect(1 - d.factor).toBeGreaterThan(0.0003)
    for (const d of dividends) expect(1 - d.factor).toBeLessThan(0.05)
    for (const l of stocks) {
      const dates = market.corporateActions(l.code).map((a) => a.date)
      expect(dates).toEqual([...dates].sort())
    }
  })

  it('drops the price by the ratio on a split ex-date, and volumes rise by it', () => {
    const split = all().find((a) => a.kind === 'split' && around(a.code, a.date).at > 25)
    expect(split).toBeDefined()
    const { code, date, ratio = 1 } = split as CorporateAction
    const { bars, at } = around(code, date)
    const before = bars[at - 1] as Bar
    const exDay = bars[at] as Bar
    // The day opens near the reference price close/N: only the overnight gap (≈1 %) is between.
    expect(exDay.open / (before.close / ratio)).toBeGreaterThan(0.9)
    expect(exDay.open / (before.close / ratio)).toBeLessThan(1.1)
    const mean = (list: Bar[]) => list.reduce((s, b) => s + b.volume, 0) / list.length
    const volumeRise = mean(bars.slice(at, at + 20)) / mean(bars.slice(at - 20, at))
    expect(volumeRise).toBeGreaterThan(ratio / 2.5)
    expect(volumeRise).toBeLessThan(ratio * 2.5)
  })

  it('opens a dividend ex-date from the close less the cash: f = 1 − D / Pclose₋₁', () => {
    const dividends = all().filter((a) => a.kind === 'dividend' && around(a.code, a.date).at > 0)
    expect(dividends.length).toBeGreaterThan(50)
    for (const d of dividends.slice(0, 40)) {
      const { bars, at } = around(d.code, d.date)
      const prevClose = (bars[at - 1] as Bar).close
      expect(d.factor).toBeCloseTo(1 - (d.cash ?? 0) / prevClose, 12)
    }
  })

  it('has nothing for an index or an unknown code', () => {
    expect(market.corporateActions('N225')).toEqual([])
    expect(market.corporateActions('NOPE')).toEqual([])
    expect(listingByCode('N225')?.kind).toBe('index')
  })
})
