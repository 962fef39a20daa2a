import { minorStep } from './api/funds-amounts'
import type { Currency } from './money/currencies'
import { mulRate, roundUnits } from './money/decimal'

/**
 * The published credit formula (spec §2 "Loan", issue 4): the gateway decides with it and the app
 * shows it, so a user can see why their limit is what it is. Pure: the same inputs, the same answer.
 */
export const CREDIT_FORMULA = {
  /** Every account starts here. */
  base: 50,
  /** Identity verified (KYC approved). Without it the limit is 0 whatever the score. */
  verified: 20,
  /** One point per full 30 days since registration, up to `ageMax`. */
  agePerMonth: 1,
  ageMax: 10,
  /** Points per loan repaid within the term, up to `repaidMax`. */
  repaidEach: 5,
  repaidMax: 20,
  /** Taken off while any loan is past its term unpaid; the limit is then 0. */
  overduePenalty: 50,
} as const

const DAY_MS = 86_400_000

export interface CreditRecord {
  verified: boolean
  /** Whole days since the account was registered. */
  accountAgeDays: number
  /** Approved deposits into this wallet, ever, in 1/10,000 units. */
  depositsTotal: bigint
  /** Loans repaid no later than their term. */
  repaidOnTime: number
  /** Approved loans past their term and still unpaid. */
  overdue: number
}

export interface Credit {
  /** 0–100. */
  score: number
  /** The largest loan the wallet may hold, in units: deposits × score ÷ 100, down to the minor unit. */
  limit: bigint
}

/**
 * Credit score and loanable limit from the user's record.
 *
 * score = 50 + 20 if verified + min(10, months of account age) + min(20, 5 × loans repaid on time)
 *         − 50 if a loan is overdue, kept within 0–100;
 * limit = approved deposits × score ÷ 100 (rounded down to the currency's minor unit), or 0 when
 *         identity is not verified or a loan is overdue.
 *
 * @example creditOf({ verified: true, accountAgeDays: 65, depositsTotal: 1_000_000_0000n,
 *   repaidOnTime: 1, overdue: 0 }, 'JPY') // { score: 77, limit: 770_000_0000n }
 */
export function creditOf(record: CreditRecord, currency: Currency): Credit {
  const f = CREDIT_FORMULA
  const months = Math.floor(Math.max(0, record.accountAgeDays) / 30)
  const raw =
    f.base +
    (record.verified ? f.verified : 0) +
    Math.min(f.ageMax, months * f.agePerMonth) +
    Math.min(f.repaidMax, Math.max(0, record.repaidOnTime) * f.repaidEach) -
    (record.overdue > 0 ? f.overduePenalty : 0)
  const score = Math.min(100, Math.max(0, raw))
  if (!record.verified || record.overdue > 0 || record.depositsTotal <= 0n) {
    return { score, limit: 0n }
  }
  const exact = (record.depositsTotal * BigInt(score)) / 100n
  return { score, limit: roundUnits(exact, minorStep(currency), 'down') }
}

/**
 * Days of interest a loan has run: every started 24 hours counts, so a loan repaid the hour it was
 * paid out still owes one day (disclosed beside the rate).
 *
 * @example interestDays(0, 1) // 1
 * @example interestDays(0, 86_400_000) // 1
 * @example interestDays(0, 86_400_001) // 2
 */
export function interestDays(from: number, to: number): number {
  return Math.max(1, Math.ceil((to - from) / DAY_MS))
}

/**
 * Interest owed on `principal` from `from` to `to` at a simple daily rate (a decimal string, e.g.
 * '0.0005' for 0.05 %/day), rounded UP to the currency's minor unit so the total owed is an amount
 * the user can actually pay.
 *
 * @example accruedInterest(100_000_0000n, '0.0005', 0, 3 * 86_400_000, 'JPY') // 150_0000n
 */
export function accruedInterest(
  principal: bigint,
  rateDaily: string,
  from: number,
  to: number,
  currency: Currency,
): bigint {
  const days = BigInt(interestDays(from, to))
  const exact = mulRate(principal * days, rateDaily, 'up')
  return roundUnits(exact, minorStep(currency), 'up')
}

/** Whether an approved, unpaid loan is past its term at `now`. */
export function isOverdue(approvedAt: number, termDays: number, now: number): boolean {
  return now > approvedAt + termDays * DAY_MS
}
