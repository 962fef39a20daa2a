import { priceToUnits, unitsToPrice, UNITS_PER_ONE } from '../money/units'
import { roundUnitsToTick, tickUnitsAt } from './ticks'
import type { Listing } from './types'

/** What decides an instrument's daily price limits. */
export type LimitRules = Pick<Listing, 'market' | 'topix500' | 'riskWarning' | 'board'> & {
  kind?: Listing['kind']
}

/** The highest and lowest prices an order may carry today. */
export interface PriceLimits {
  up: number
  down: number
}

export interface LimitOptions {
  /**
   * China: percent for ST/*ST stocks on the main boards. 5 under the rules in force; the exchanges
   * proposed 10 in 2025 with an unconfirmed start date, so the gateway may set it (MARKET-RULES §2).
   */
  riskWarningPct?: number
}

/** [base price strictly below, limit width] in yen (制限値幅, MARKET-RULES §1). */
const TSE_LIMITS: readonly (readonly [number, number])[] = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
  [Infinity, 10_000_000],
]

/**
 * TSE daily limit width (制限値幅) for a base price (usually the previous close). The special-quote
 * renewal interval is a tenth of it.
 *
 * @example tseLimitWidth(999) // 150
 * @example tseLimitWidth(1000) // 300
 */
export function tseLimitWidth(basePrice: number): number {
  for (const [below, width] of TSE_LIMITS) if (basePrice < below) return width
  throw new RangeError(`not a base price: ${basePrice}`)
}

/**
 * TSE special-quote renewal interval (更新値幅, MARKET-RULES.md §1): a tenth of the daily limit width
 * for the base price, except 5 yen below 100 yen. A print further than this from the last price
 * does not trade; a special quote shows instead and moves by this much every 3 minutes.
 *
 * @example tseRenewalInterval(99) // 5
 * @example tseRenewalInterval(2500) // 50
 * @example tseRenewalInterval(1200) // 30
 */
export function tseRenewalInterval(basePrice: number): number {
  return basePrice < 100 ? 5 : tseLimitWidth(basePrice) / 10
}

/** China limit percent by board: STAR and ChiNext 20, main-board ST 5 (settable), main board 10. */
export function chinaLimitPct(rules: LimitRules, options: LimitOptions = {}): number {
  if (rules.board === 'star' || rules.board === 'chinext') return 20
  if (rules.riskWarning) return options.riskWarningPct ?? 5
  return 10
}

function tseLimits(rules: LimitRules, prevUnits: number): PriceLimits {
  const width = tseLimitWidth(unitsToPrice(prevUnits)) * UNITS_PER_ONE
  // A limit price off the grid is not an order price: the usable limit is the grid point inside it.
  const up = roundUnitsToTick(rules, prevUnits + width, 'down')
  const lowest = tickUnitsAt(rules, 0)
  const down = Math.max(roundUnitsToTick(rules, Math.max(prevUnits - width, 0), 'up'), lowest)
  return { up: unitsToPrice(up), down: unitsToPrice(down) }
}

/** prevClose × (100 ± pct) / 100, rounded half-up to the 0.01 grid, all in integer units. */
function chinaLimits(prevUnits: number, pct: number): PriceLimits {
  const cent = UNITS_PER_ONE / 100
  const halfUpToCent = (unitsTimes100: number) =>
    Math.floor((unitsTimes100 + (cent * 100) / 2) / (cent * 100)) * cent
  const up = halfUpToCent(prevUnits * (100 + pct))
  const down = Math.max(halfUpToCent(prevUnits * (100 - pct)), cent)
  return { up: unitsToPrice(up), down: unitsToPrice(down) }
}

/**
 * The day's highest and lowest order prices, on the tick grid: TSE by the base-price table, China
 * by board (main ±10 %, ST ±5 %, STAR/ChiNext ±20 %), none in the US or for indices (null). The low
 * limit never falls below the smallest tick.
 *
 * @example priceLimits({ market: 'jp' }, 2500) // { up: 3000, down: 2000 }
 * @example priceLimits({ market: 'cn', board: 'main' }, 10.05) // { up: 11.06, down: 9.05 }
 */
export function priceLimits(
  rules: LimitRules,
  prevClose: number,
  options: LimitOptions = {},
): PriceLimits | null {
  if (rules.kind === 'index' || rules.market === 'us') return null
  if (!(prevClose > 0) || !Number.isFinite(prevClose))
    throw new RangeError(`not a price: ${prevClose}`)
  const prevUnits = Math.round(priceToUnits(prevClose))
  if (rules.market === 'jp') return tseLimits(rules, prevUnits)
  return chinaLimits(prevUnits, chinaLimitPct(rules, options))
}
