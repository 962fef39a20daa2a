import { UNITS_PER_ONE } from '../money/units'

/**
 * Japan's tax on listed stocks' gains and dividends (MARKET-RULES.md §10): 20.315 % in all, of which
 * national 15.315 % (income tax 15 % and the reconstruction surtax, 2.1 % of it) and local 5 %.
 * Rates as exact fractions: the amounts are integers and nothing here rounds but the yen.
 */
export const TAX_RATES = {
  national: { num: 15_315n, den: 100_000n },
  local: { num: 5n, den: 100n },
} as const

/** Tax in units (1/10,000 of a yen), each part apart: what is withheld or refunded. */
export interface TaxParts {
  national: bigint
  local: bigint
}

const UNIT = BigInt(UNITS_PER_ONE)

/** `amount × rate`, in whole yen rounded down (as units): each tax is cut below one yen. */
function wholeYenOf(amount: bigint, rate: { num: bigint; den: bigint }): bigint {
  return ((amount * rate.num) / (rate.den * UNIT)) * UNIT
}

/**
 * The tax due on a year's net gain in one account (units); nothing on a net loss.
 *
 * @example taxOn(1_000_000n * 10_000n) // { national: 153_150n * 10_000n, local: 50_000n * 10_000n }
 */
export function taxOn(net: bigint): TaxParts {
  if (net <= 0n) return { national: 0n, local: 0n }
  return { national: wholeYenOf(net, TAX_RATES.national), local: wholeYenOf(net, TAX_RATES.local) }
}

/** One account's year of 特定口座 源泉徴収あり: its cumulative net gain and the tax withheld on it. */
export interface TaxYear {
  year: number
  /** Gains less losses of the year's sales, plus its dividends received into the account (units). */
  net: bigint
  withheld: TaxParts
}

export const newTaxYear = (year: number): TaxYear => ({
  year,
  net: 0n,
  withheld: { national: 0n, local: 0n },
})

/** What one sale or dividend does: the year after it, and the tax withheld now (negative: refunded). */
export interface TaxStep {
  after: TaxYear
  change: TaxParts
}

/**
 * The rule this app runs for 特定口座 源泉徴収あり (MARKET-RULES.md §10): each sale's gain (or loss)
 * and each dividend received joins the year's net; the account then holds exactly the tax due on
 * that net (`taxOn`), so a rise is withheld at once and a fall refunds what was withheld, at once,
 * never below nothing. An event of another year starts that year afresh: what a year withheld stays
 * with it.
 */
export function taxStep(current: TaxYear, year: number, gain: bigint): TaxStep {
  const before = current.year === year ? current : newTaxYear(year)
  const net = before.net + gain
  const due = taxOn(net)
  return {
    after: { year, net, withheld: due },
    change: {
      national: due.national - before.withheld.national,
      local: due.local - before.withheld.local,
    },
  }
}
