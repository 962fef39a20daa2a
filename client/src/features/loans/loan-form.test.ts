import type { LoanInfo } from '@kabu/shared/api/loans'
import { describe, expect, it } from 'vitest'
import { loanAmountError, openLoan, ratePercent } from './loan-form'

const info = { limit: '700000', currency: 'JPY' } as LoanInfo

describe('the loan form', () => {
  it('names the rule an amount breaks, as the gateway would', () => {
    expect(loanAmountError('', info)).toBe('amount_required')
    expect(loanAmountError('10.5', info)).toBe('amount_invalid')
    expect(loanAmountError('700001', info)).toBe('loan_limit_insufficient')
    expect(loanAmountError(' 700000 ', info)).toBeNull()
  })

  it('shows the daily rate as an exact percentage', () => {
    expect(ratePercent('0.0005')).toBe('0.05')
    expect(ratePercent('0.001')).toBe('0.1')
    expect(ratePercent('0.5')).toBe('50')
    expect(ratePercent('0')).toBe('0')
    expect(ratePercent('0.000123')).toBe('0.0123')
  })

  it('finds the open loan among settled ones', () => {
    const rows = [{ status: 3 }, { status: 1, id: 'x' }] as unknown as Parameters<
      typeof openLoan
    >[0]
    expect(openLoan(rows)?.id).toBe('x')
    expect(openLoan([])).toBeUndefined()
  })
})
