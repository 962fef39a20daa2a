import { MINOR_DIGITS, type Currency } from '../money/currencies'
import { mulRate } from '../money/decimal'

/**
 * A foreign listing's sale in 特定口座 is netted in yen (MARKET-RULES.md §10): its proceeds and
 * fees at the mid rate of the sale's instant, each purchase's cost at the mid rate of its own, each
 * figure rounded half up to the unit (1/10,000 of a yen). `rate` is yen per unit of the currency,
 * a plain decimal string (the FX source's `rateAt`).
 *
 * @example inYen(100n * 10_000n, '152.5') // 15_250n * 10_000n ($100 at ¥152.5)
 */
export const inYen = (units: bigint, rate: string): bigint => mulRate(units, rate)

/**
 * What a withholding of `yen` units takes from a wallet in `currency` at `rate`: rounded up to the
 * currency's minor unit, so what is taken is never worth less than the yen due (the user may hold no
 * yen, and a sale is never refused for lack of it).
 *
 * @example coveringYen(1_000n * 10_000n, '150', 'USD') // 66_700n ($6.67 for ¥1,000)
 */
export function coveringYen(yen: bigint, rate: string, currency: Currency): bigint {
  if (yen <= 0n) return 0n
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate)
  if (!m) throw new RangeError(`not a plain positive rate: ${rate}`)
  const fraction = m[2] ?? ''
  const scaled = BigInt(`${m[1]}${fraction}`)
  if (scaled === 0n) throw new RangeError('a zero rate covers nothing')
  // yen / rate in units of the currency, up to its minor unit: yen × 10^f / (scaled × step).
  const step = 10n ** BigInt(4 - MINOR_DIGITS[currency])
  const num = yen * 10n ** BigInt(fraction.length)
  const den = scaled * step
  return ((num + den - 1n) / den) * step
}
