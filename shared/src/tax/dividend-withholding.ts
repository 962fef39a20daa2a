import { TAX_RATES } from './withholding'

/** A rate as an exact fraction, so SQL and JavaScript withhold the same unit. */
export interface Rate {
  num: bigint
  den: bigint
}

/**
 * The tax account a dividend is paid into: the user's taxable kind (特定口座 源泉徴収あり, the
 * default; 特定口座 源泉徴収なし; 一般口座) for a holding in the taxable account, `nisa` for one in
 * NISA. The wire's `account` of `/user/dividends`.
 */
export const TAX_ACCOUNT_KINDS = ['tokutei_withholding', 'tokutei', 'ippan', 'nisa'] as const
export type TaxAccountKind = (typeof TAX_ACCOUNT_KINDS)[number]

/** What is withheld from a dividend, in this order: the foreign tax at source, then Japan's. */
export interface DividendRates {
  foreign: Rate
  national: Rate
  local: Rate
}

const NONE: Rate = { num: 0n, den: 1n }

/**
 * The withholding of a dividend paid into an account of `kind` (MARKET-RULES.md §10): a foreign
 * stock's tax at source (`foreign`, a setting: 10 % for the US and China), then 20.315 % of the
 * rest (national 15.315 %, local 5 %) in every taxable kind: a listed stock's dividend is taxed at
 * source whether or not the account withholds on sales (源泉徴収なし and 一般 differ from あり on
 * sales only). In NISA the Japanese tax is not due; the foreign tax at source still is.
 *
 * @example dividendRates('tokutei_withholding', null).national // { num: 15_315n, den: 100_000n }
 * @example dividendRates('nisa', null).national // { num: 0n, den: 1n }
 */
export function dividendRates(kind: TaxAccountKind, foreign: Rate | null): DividendRates {
  switch (kind) {
    case 'tokutei_withholding':
    case 'tokutei':
    case 'ippan':
      return { foreign: foreign ?? NONE, ...TAX_RATES }
    case 'nisa':
      return { foreign: foreign ?? NONE, national: NONE, local: NONE }
  }
}

export interface DividendWithheld {
  foreign: bigint
  national: bigint
  local: bigint
  net: bigint
}

/** `amount × rate` cut down to `step` units (the currency's smallest coin). */
export const cutTo = (amount: bigint, rate: Rate, step: bigint): bigint =>
  ((amount * rate.num) / (rate.den * step)) * step

/**
 * A gross dividend (units) less what `rates` withhold, each tax cut below the currency's smallest
 * coin (`step` units: ¥1 = 10,000, 1¢ = 100), as the gateway's SQL computes it for every holder.
 *
 * @example withholdDividend(10_000_000n, dividendRates('tokutei_withholding', null), 10_000n)
 * // { foreign: 0n, national: 1_530_000n, local: 500_000n, net: 7_970_000n }
 */
export function withholdDividend(
  gross: bigint,
  rates: DividendRates,
  step: bigint,
): DividendWithheld {
  const foreign = cutTo(gross, rates.foreign, step)
  const rest = gross - foreign
  const national = cutTo(rest, rates.national, step)
  const local = cutTo(rest, rates.local, step)
  return { foreign, national, local, net: rest - national - local }
}
