import type { Listing } from '@kabu/shared/market/types'
import { randomStream } from '../rng'
import type { TseRow } from './tse-file'
import { tseKindOf, tseSectorOf, type TseKind } from './tse-sectors'

/**
 * SIMULATED sizes of the listings the catalogue has no facts for: median price, median value and
 * the spread of both (log), and the annual volatility's range. Roughly the shape of the Tokyo market
 * (most companies are small: a median value near ¥25 bn, a price near ¥1,200; REIT units cost
 * about ¥100,000; funds vary most). Values stop below ¥2 trillion so that no invented figure
 * outranks the hand-made catalogue's large caps, whose sizes are real.
 */
const SHAPE: Record<
  TseKind,
  { price: number; priceSpread: number; value: number; valueSpread: number; vol: [number, number] }
> = {
  company: { price: 1_200, priceSpread: 0.85, value: 25e9, valueSpread: 1.3, vol: [0.25, 0.65] },
  reit: { price: 100_000, priceSpread: 0.6, value: 150e9, valueSpread: 0.7, vol: [0.15, 0.25] },
  fund: { price: 3_000, priceSpread: 1.2, value: 20e9, valueSpread: 1.5, vol: [0.12, 0.3] },
}
const MIN_PRICE = 30
const MAX_PRICE = 80_000_000
const MIN_VALUE = 1e9
const MAX_VALUE = 2e12

/**
 * Trading units: 100 shares for every domestic stock since 2018-10 (MARKET-RULES.md §1); a REIT
 * trades one unit at a time. Funds set their own unit (1 or 10): 1 here [U].
 */
const LOT: Record<TseKind, number> = { company: 100, reit: 1, fund: 1 }

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/**
 * A TSE listing from the exchange's code and name alone. Its sector comes from its name or code
 * band (tse-sectors.ts); its price level, size and volatility are drawn from the seed and the code,
 * so they stay put across restarts with the same seed. Only code and name are facts:
 * `simulatedFacts` says so to whoever shows the rest.
 */
export function tseListing(seed: number, row: TseRow): Listing {
  const kind = tseKindOf(row.name)
  const shape = SHAPE[kind]
  const random = randomStream(seed, 'tse-listing', row.code)
  const price = clamp(
    shape.price * Math.exp(shape.priceSpread * random.normal()),
    MIN_PRICE,
    MAX_PRICE,
  )
  const value = clamp(
    shape.value * Math.exp(shape.valueSpread * random.normal()),
    MIN_VALUE,
    MAX_VALUE,
  )
  const [low, high] = shape.vol
  const lot = LOT[kind]
  // Three significant digits (¥873, ¥1,230, ¥45,600): a level, not a price to the yen.
  const digits = Math.max(0, Math.floor(Math.log10(price)) - 2)
  const basePrice = Math.round(price / 10 ** digits) * 10 ** digits
  return {
    code: row.code,
    market: 'jp',
    kind: 'stock',
    name: { ja: row.name, zh: row.name, en: row.name },
    sector: tseSectorOf(row.code, kind),
    sharesOutstanding: Math.max(lot, Math.round(value / basePrice / lot) * lot),
    lot,
    basePrice,
    volatility: Math.round((low + (high - low) * random.uniform()) * 100) / 100,
    topix500: false,
    simulatedFacts: true,
  }
}
