import type { Market, Quote } from '@kabu/shared/market/types'

/**
 * The number options used here: a subset both `Intl.NumberFormat` and react-intl's `formatNumber`
 * accept as they are (their full option types disagree on `useGrouping`).
 */
export type NumberOptions = Pick<
  Intl.NumberFormatOptions,
  | 'minimumFractionDigits'
  | 'maximumFractionDigits'
  | 'maximumSignificantDigits'
  | 'signDisplay'
  | 'style'
  | 'notation'
>

/**
 * Fraction digits of a price on screen, fixed per price band so a moving price keeps its width.
 * Japan: TSE's fine ticks (0.1, 0.5) exist only up to ¥3,000, so one decimal there and whole yen
 * above. The US and China show cents, sub-dollar US stocks their 1/100-cent ticks, indices two.
 */
export function priceFractionDigits(market: Market, kind: Quote['kind'], price: number): number {
  if (kind === 'index') return 2
  if (market === 'jp') return Math.abs(price) <= 3000 ? 1 : 0
  if (market === 'us' && Math.abs(price) < 1) return 4
  return 2
}

/** `Intl.NumberFormat` options of a price (react-intl's `formatNumber` takes the same). */
export function priceFormatOptions(
  market: Market,
  kind: Quote['kind'],
  price: number,
): NumberOptions {
  const digits = priceFractionDigits(market, kind, price)
  return { minimumFractionDigits: digits, maximumFractionDigits: digits }
}

/**
 * One set of options for prices shown together (a quote's open, high, low and limits): the most
 * digits any of them needs, so a pair like the limits reads "3,187.0 / 2,187.0", never "3,187 /
 * 2,187.0", and no value loses a digit it has.
 */
export function priceSetFormatOptions(
  market: Market,
  kind: Quote['kind'],
  prices: ReadonlyArray<number | null>,
): NumberOptions {
  const digits = Math.max(
    0,
    ...prices.map((p) => (p === null ? 0 : priceFractionDigits(market, kind, p))),
  )
  return { minimumFractionDigits: digits, maximumFractionDigits: digits }
}

/** A change in price: always signed (+/−), same digits as the price. */
export function changeFormatOptions(
  market: Market,
  kind: Quote['kind'],
  price: number,
): NumberOptions {
  return { ...priceFormatOptions(market, kind, price), signDisplay: 'exceptZero' }
}

/** Options for a percent change given as a fraction (0.0125 for +1.25 %). */
export const PERCENT_CHANGE_OPTIONS: NumberOptions = {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
}

/**
 * Volume, turnover and market cap in the reader's units: 万/億/兆 in Japanese, 万/亿 in Chinese,
 * K/M/B/T in English (Intl's compact notation knows each locale's grouping).
 */
export const COMPACT_OPTIONS: NumberOptions = {
  notation: 'compact',
  // Four figures read well at every scale: 1703万, 478.5億, 1.235M.
  maximumSignificantDigits: 4,
}

/** Formats a big quantity compactly outside React (React code uses `intl.formatNumber`). */
export function formatCompact(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, COMPACT_OPTIONS).format(value)
}

/** Percent change as a fraction for `PERCENT_CHANGE_OPTIONS` (quotes carry 1.25 for +1.25 %). */
export const percentFraction = (changePct: number): number => changePct / 100
