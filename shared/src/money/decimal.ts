import Decimal from 'decimal.js'

/**
 * Money on the wire is a decimal string; inside it is a bigint count of 1/10,000 units (what SQL
 * stores). These helpers are the only door between the two.
 */

/** Units per currency unit, as a bigint. */
export const UNITS = 10_000n

/** A private Decimal so our precision and rounding never depend on another module's global config. */
const Exact = Decimal.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 })

/**
 * Plain decimals only: digits, optional point with 1–4 digits. At most 14 integer digits keeps
 * every amount in units inside a signed 64-bit column (9.2 × 10^18).
 */
const PLAIN_DECIMAL = /^(-?)(\d{1,14})(?:\.(\d{1,4}))?$/

/**
 * Parses a wire amount into units, or null for anything that is not a plain decimal with at most
 * four fraction digits ('1e3', ' 1', '1.', '.5', '+1', '1,000', '0x10', '1.23456' are all refused).
 * Negative amounts are refused unless `signed` is set: most wire amounts must not be negative.
 *
 * @example parseUnits('1234.5') // 12345000n
 * @example parseUnits('1.23456') // null
 * @example parseUnits('-2', { signed: true }) // -20000n
 */
export function parseUnits(text: string, options: { signed?: boolean } = {}): bigint | null {
  const m = PLAIN_DECIMAL.exec(text)
  if (!m) return null
  const [, sign, whole = '0', fraction = ''] = m
  if (sign && !options.signed) return null
  const units = BigInt(whole) * UNITS + BigInt(fraction.padEnd(4, '0'))
  return sign ? -units : units
}

/**
 * Units as a plain decimal string, exact: trailing zeros trimmed, but at least `minFractionDigits`
 * (0–4) kept, e.g. 2 for a currency shown in cents.
 *
 * @example formatUnits(12345000n) // '1234.5'
 * @example formatUnits(12345000n, 2) // '1234.50'
 * @example formatUnits(-5n) // '-0.0005'
 */
export function formatUnits(units: bigint, minFractionDigits = 0): string {
  const sign = units < 0n ? '-' : ''
  const abs = units < 0n ? -units : units
  const whole = abs / UNITS
  const fraction = (abs % UNITS).toString().padStart(4, '0')
  const keep = Math.min(4, Math.max(0, minFractionDigits))
  const trimmed = fraction.replace(/0+$/, '').padEnd(keep, '0')
  return trimmed ? `${sign}${whole}.${trimmed}` : `${sign}${whole}`
}

/** Sums units; bigint already is exact, this only names the intent at call sites. */
export function addUnits(...amounts: bigint[]): bigint {
  return amounts.reduce((sum, a) => sum + a, 0n)
}

/** `a − b` in units. */
export function subUnits(a: bigint, b: bigint): bigint {
  return a - b
}

/**
 * How a product that falls between two units is settled:
 * - `half-up`: nearest, halves away from zero (the default, and how the exchanges round limits);
 * - `half-even`: nearest, halves to the even unit (banker's rounding, for interest accruals);
 * - `down`: toward zero (a fee the client must not be over-charged);
 * - `up`: away from zero.
 */
export type Rounding = 'half-up' | 'half-even' | 'down' | 'up'

const DECIMAL_ROUNDING: Record<Rounding, Decimal.Rounding> = {
  'half-up': Decimal.ROUND_HALF_UP,
  'half-even': Decimal.ROUND_HALF_EVEN,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
}

/**
 * Multiplies an amount by a rate given as a decimal string (or Decimal), rounding once at the end
 * to whole units. The rate is never a JS number: 0.1 is not exact in binary.
 *
 * @example mulRate(1_000_000n, '0.0005') // 500n (stamp duty on 100.0000)
 * @example mulRate(3n, '0.5') // 2n (1.5 units, half-up)
 * @example mulRate(5n, '0.5', 'half-even') // 2n (2.5 units to the even unit)
 * @throws DecimalError when `rate` is not a number (rates come from code and settings, not users)
 */
export function mulRate(
  units: bigint,
  rate: string | Decimal,
  rounding: Rounding = 'half-up',
): bigint {
  const plain = typeof rate === 'string' ? plainRate(rate) : undefined
  if (plain) return roundUnits(units * plain.scaled, plain.step, rounding) / plain.step
  const product = new Exact(units.toString()).times(new Exact(rate.toString()))
  return BigInt(product.toDecimalPlaces(0, DECIMAL_ROUNDING[rounding]).toFixed(0))
}

/**
 * A plain decimal rate ('0.001') as an integer over a power of ten: the product then rounds in
 * bigint (roundUnits, the same four rules as Decimal's), exact, where Decimal parsed both numbers
 * anew for each fee of each order. Any other form ('1e-3', '.5') goes through Decimal. The few rates
 * a gateway uses (fees, duties, interest) are kept, up to RATES_KEPT.
 */
const PLAIN_RATE = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/
const RATES_KEPT = 64
const rates = new Map<string, { scaled: bigint; step: bigint }>()

function plainRate(rate: string): { scaled: bigint; step: bigint } | undefined {
  const kept = rates.get(rate)
  if (kept) return kept
  const m = PLAIN_RATE.exec(rate)
  if (!m) return undefined
  const [, sign = '', whole = '0', fraction = ''] = m
  const parsed = {
    scaled: BigInt(`${sign}${whole}${fraction}`),
    step: 10n ** BigInt(fraction.length),
  }
  if (rates.size < RATES_KEPT) rates.set(rate, parsed)
  return parsed
}

/**
 * Rounds units to a coarser step with the same rules, e.g. to whole yen (step 10,000n) or cents
 * (step 100n) before money leaves the ledger. Pure bigint: exact for any step.
 *
 * @example roundUnits(12_345n, 100n) // 12_300n (1.2345 → 1.23)
 * @example roundUnits(12_350n, 100n, 'half-even') // 12_400n
 */
export function roundUnits(units: bigint, step: bigint, rounding: Rounding = 'half-up'): bigint {
  if (step <= 0n) throw new RangeError('step must be positive')
  const quotient = units / step // truncates toward zero
  const remainder = units % step
  if (remainder === 0n) return units
  const away = (units < 0n ? -1n : 1n) + quotient
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  const goAway =
    rounding === 'up' ||
    (rounding === 'half-up' && twice >= step) ||
    (rounding === 'half-even' && (twice > step || (twice === step && quotient % 2n !== 0n)))
  return (goAway ? away : quotient) * step
}
