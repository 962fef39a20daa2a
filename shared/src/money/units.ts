/**
 * Prices and amounts are counted in integer units of 1/10,000 of the currency unit: fine enough for
 * every tick size we know (US sub-dollar $0.0001) and for SQL BIGINT columns.
 */
export const UNITS_PER_ONE = 10_000

/**
 * A JS number price as 1/10,000 units. The float product `1.005 * 10000` is 10049.999999999998, so
 * results within the float error of an integer snap to it; a price finer than 1/10,000 keeps its
 * fraction so callers rounding up or down still see which side it lies on.
 *
 * @example priceToUnits(1.005) // 10050
 */
export function priceToUnits(price: number): number {
  const scaled = price * UNITS_PER_ONE
  const nearest = Math.round(scaled)
  // The product carries at most ~2 ulps of error; 1e-15 relative is a few ulps, 1e-9 covers 0.
  const tolerance = Math.abs(scaled) * 1e-15 + 1e-9
  return Math.abs(scaled - nearest) <= tolerance ? nearest : scaled
}

/**
 * Integer units back to a JS number. One IEEE division is correctly rounded, so the result is the
 * same double as the decimal literal (`8123700 / 10000 === 812.37`).
 *
 * @example unitsToPrice(8124000) // 812.4
 */
export function unitsToPrice(units: number): number {
  return units / UNITS_PER_ONE
}
