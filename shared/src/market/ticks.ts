import { priceToUnits, unitsToPrice, UNITS_PER_ONE } from '../money/units'
import type { Listing } from './types'

/** What decides an instrument's tick: its market, the TSE table, and whether it is an index. */
export type TickRules = Pick<Listing, 'market' | 'topix500'> & { kind?: Listing['kind'] }

/** `nearest` (ties up), `down` to the grid point at or below, `up` to the one at or above. */
export type RoundMode = 'nearest' | 'down' | 'up'

/** [highest price of the band (inclusive), tick], in yen, as MARKET-RULES §1 prints them. */
type Band = readonly [maxPrice: number, tick: number]

const TSE_TOPIX500: readonly Band[] = [
  [1_000, 0.1],
  [3_000, 0.5],
  [5_000, 1],
  [10_000, 1],
  [30_000, 5],
  [50_000, 10],
  [100_000, 10],
  [300_000, 50],
  [500_000, 100],
  [1_000_000, 100],
  [3_000_000, 500],
  [5_000_000, 1_000],
  [10_000_000, 1_000],
  [30_000_000, 5_000],
  [50_000_000, 10_000],
  [Infinity, 10_000],
]

const TSE_OTHERS: readonly Band[] = [
  [1_000, 1],
  [3_000, 1],
  [5_000, 5],
  [10_000, 10],
  [30_000, 10],
  [50_000, 50],
  [100_000, 100],
  [300_000, 100],
  [500_000, 500],
  [1_000_000, 1_000],
  [3_000_000, 1_000],
  [5_000_000, 5_000],
  [10_000_000, 10_000],
  [30_000_000, 10_000],
  [50_000_000, 50_000],
  [Infinity, 100_000],
]

const inUnits = (bands: readonly Band[]): readonly Band[] =>
  bands.map(([max, tick]) => [max * UNITS_PER_ONE, Math.round(tick * UNITS_PER_ONE)] as const)

const TSE_TOPIX500_UNITS = inUnits(TSE_TOPIX500)
const TSE_OTHERS_UNITS = inUnits(TSE_OTHERS)
const CENT = UNITS_PER_ONE / 100
const US_SUBPENNY = 1
const US_SUBPENNY_BELOW = UNITS_PER_ONE

function bandTick(bands: readonly Band[], units: number): number {
  // An index loop: the simulator snaps every print, and this is measurably faster than for…of.
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!
    if (units <= band[0]) return band[1]
  }
  // Unreachable: the last band is open-ended.
  throw new RangeError(`no tick band for ${units}`)
}

/**
 * Tick size in 1/10,000 units at a price in units. Indices print to 0.01 in every market and have no
 * order grid of their own.
 *
 * @example tickUnitsAt({ market: 'us' }, 9_999) // 1 ($0.0001 below $1)
 */
export function tickUnitsAt(rules: TickRules, units: number): number {
  if (rules.kind === 'index') return CENT
  switch (rules.market) {
    case 'jp':
      return bandTick(rules.topix500 ? TSE_TOPIX500_UNITS : TSE_OTHERS_UNITS, units)
    case 'us':
      return units < US_SUBPENNY_BELOW ? US_SUBPENNY : CENT
    case 'cn':
      return CENT
  }
}

/**
 * The tick (呼値の単位) at `price`: TSE fine table for TOPIX500 members, the standard table otherwise
 * (bands are "price ≤ X", inclusive); US $0.01 from $1.00, $0.0001 below; China 0.01.
 *
 * @example tickSize({ market: 'jp', topix500: true }, 1000) // 0.1
 * @example tickSize({ market: 'jp', topix500: true }, 1000.5) // 0.5
 */
export function tickSize(rules: TickRules, price: number): number {
  return unitsToPrice(tickUnitsAt(rules, priceToUnits(price)))
}

/**
 * Rounds a price in units onto the grid; the result is an integer number of units. Band edges are
 * multiples of both neighbouring ticks, so flooring with the tick of the price's own band always
 * lands on a valid price and the next grid point up is one tick higher.
 */
export function roundUnitsToTick(
  rules: TickRules,
  units: number,
  mode: RoundMode = 'nearest',
): number {
  if (!Number.isFinite(units)) throw new RangeError(`not a price: ${units}`)
  const tick = tickUnitsAt(rules, units)
  const down = Math.floor(units / tick) * tick
  if (down === units || mode === 'down') return down
  const up = down + tick
  if (mode === 'up') return up
  // Ties go up (half-up), like every exchange rounding rule we follow.
  return units - down < up - units ? down : up
}

/**
 * A price moved onto the tick grid, computed in integer 1/10,000 units so no float noise leaks.
 *
 * @example roundToTick({ market: 'jp', topix500: true }, 812.37) // 812.4
 * @example roundToTick({ market: 'jp' }, 5003, 'down') // 5000
 */
export function roundToTick(rules: TickRules, price: number, mode: RoundMode = 'nearest'): number {
  return unitsToPrice(roundUnitsToTick(rules, priceToUnits(price), mode))
}

/**
 * Whether a price is a valid order price on the grid.
 *
 * @example isOnTick({ market: 'jp' }, 5003) // false (5 yen ticks from 3,000)
 */
export function isOnTick(rules: TickRules, price: number): boolean {
  const units = priceToUnits(price)
  return Number.isInteger(units) && units % tickUnitsAt(rules, units) === 0
}
