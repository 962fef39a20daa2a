/**
 * The journey's own arithmetic of an exchange, in integers (money never in floats), so the test
 * checks the gateway's figure against an independent computation rather than against itself.
 */

/** A decimal string as an integer count of 10^-digits (further digits truncated). */
export function scaled(value: string, digits: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits))
}

export const cents = (dollars: string): bigint => scaled(dollars, 2)

/**
 * Whole cents bought by `yen` at the mid rate less the spread, rounded down: the gateway pays no
 * fraction of a cent.
 *
 * @example dollarsFor(100_000n, { rate: '0.0065', spread: '0.002' }) // 64870n ($648.70)
 */
export function dollarsFor(yen: bigint, quote: { rate: string; spread: string }): bigint {
  const one = 10n ** 14n
  const exact = yen * scaled(quote.rate, 14) * (one - scaled(quote.spread, 14))
  return exact / ((one * one) / 100n)
}
