import { parseAmount } from '@kabu/shared/api/funds-amounts'
import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import { parseUnits } from '@kabu/shared/money/decimal'

/**
 * The loan amount's message key, by the server's own rules, before anything is sent: blank, not
 * an amount of this currency, or beyond the limit. null when fine.
 *
 * @example loanAmountError('700001', info) // 'loan_limit_insufficient' when the limit is 700000
 */
export function loanAmountError(text: string, info: LoanInfo): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'amount_required'
  const units = parseAmount(trimmed, info.currency)
  if (units === 'amount_invalid') return 'amount_invalid'
  if (units > (parseUnits(info.limit) ?? 0n)) return 'loan_limit_insufficient'
  return null
}

/** The wallet's open loan, if any: the one in review or the one owed (the gateway allows one). */
export const openLoan = (loans: readonly LoanRecord[]): LoanRecord | undefined =>
  loans.find((l) => l.status === 0 || l.status === 1)

/** A rate of '0.0005' as a percentage text, '0.05' (exact: only the decimal point moves). */
export function ratePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  const digits = `${whole}${fraction.padEnd(2, '0')}`
  const cut = whole.length + 2
  const head = digits.slice(0, cut).replace(/^0+(?=\d)/, '')
  const tail = digits.slice(cut).replace(/0+$/, '')
  return tail ? `${head}.${tail}` : head
}
