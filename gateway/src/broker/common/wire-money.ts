/** Amounts are stored in 1/10,000 of the currency unit (DESIGN.md). */
export const UNITS_PER_CURRENCY_UNIT = 10_000n

/**
 * Integer units to the decimal string the wire carries, exact and without trailing zeros.
 *
 * @example unitsToWire(12_345_000n) === '1234.5'; unitsToWire(0n) === '0'; unitsToWire(-5n) === '-0.0005'
 */
export function unitsToWire(units: bigint): string {
  const sign = units < 0n ? '-' : ''
  const abs = units < 0n ? -units : units
  const whole = abs / UNITS_PER_CURRENCY_UNIT
  const fraction = (abs % UNITS_PER_CURRENCY_UNIT).toString().padStart(4, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}
