/**
 * The nine wallet currencies of spec §9. Every balance, ledger account and exchange pair is in one
 * of them; the order is the order wallets are listed in.
 *
 * @example CURRENCIES.includes('JPY') // true
 */
export const CURRENCIES = ['CNY', 'USD', 'JPY', 'HKD', 'TWD', 'THB', 'VND', 'MYR', 'KRW'] as const

export type Currency = (typeof CURRENCIES)[number]

/**
 * Narrows untrusted text (a form field, a database column) to a Currency.
 *
 * @example isCurrency('USD') // true
 * @example isCurrency('usd') // false: codes are upper case on the wire and in the store
 */
export function isCurrency(text: unknown): text is Currency {
  return typeof text === 'string' && (CURRENCIES as readonly string[]).includes(text)
}

/**
 * Each currency's minor units (ISO 4217): a bank moves whole yen, won and dong, and cents
 * elsewhere, so `100.5` yen is not an amount anyone can transfer, and money is shown with these
 * digits (`format.ts`).
 *
 * @example MINOR_DIGITS.JPY // 0
 */
export const MINOR_DIGITS: Record<Currency, number> = {
  CNY: 2,
  USD: 2,
  JPY: 0,
  HKD: 2,
  TWD: 2,
  THB: 2,
  VND: 0,
  MYR: 2,
  KRW: 0,
}
