import { priceLimits } from '@kabu/shared/market/limits'
import { roundUnitsToTick, type RoundMode } from '@kabu/shared/market/ticks'
import type { Listing } from '@kabu/shared/market/types'
import { priceToUnits, unitsToPrice } from '@kabu/shared/money/units'

export interface Limits {
  up: number
  down: number
}

/**
 * An instrument's price grid and daily limits, in integer 1/10,000 units: the simulator's prices
 * live in units so sums and differences are exact, and become JSON numbers only in quotes and bars.
 */
export interface Pricing {
  /** Snaps a (fractional) unit price onto the grid; never below one tick. */
  snap(units: number, mode?: RoundMode): number
  /** Daily limits around the previous close, or null where the market has none (US, indices). */
  limits(prevClose: number): Limits | null
}

export function pricingFor(listing: Listing): Pricing {
  // The smallest price on the grid: the first tick above zero.
  const lowest = roundUnitsToTick(listing, 1, 'up')
  return {
    snap(units, mode = 'nearest') {
      return Math.max(lowest, roundUnitsToTick(listing, units, mode))
    },
    limits(prevClose) {
      if (listing.kind === 'index') return null
      const limits = priceLimits(listing, unitsToPrice(prevClose))
      return limits && { up: priceToUnits(limits.up), down: priceToUnits(limits.down) }
    },
  }
}

export function clampToLimits(units: number, limits: Limits | null): number {
  if (!limits) return units
  return Math.min(limits.up, Math.max(limits.down, units))
}
