import { describe, expect, it } from 'vitest'
import { accruedInterest, creditOf, interestDays, isOverdue, type CreditRecord } from './loans'

const DAY = 86_400_000
const YEN = 10_000n
const record = (over: Partial<CreditRecord> = {}): CreditRecord => ({
  verified: true,
  accountAgeDays: 0,
  depositsTotal: 1_000_000n * YEN,
  repaidOnTime: 0,
  overdue: 0,
  ...over,
})

describe('the credit formula', () => {
  it('adds each published factor and caps them', () => {
    expect(creditOf(record({ verified: false }), 'JPY')).toEqual({ score: 50, limit: 0n })
    expect(creditOf(record(), 'JPY')).toEqual({ score: 70, limit: 700_000n * YEN })
    expect(creditOf(record({ accountAgeDays: 65, repaidOnTime: 1 }), 'JPY').score).toBe(77)
    expect(creditOf(record({ accountAgeDays: 10_000, repaidOnTime: 99 }), 'JPY').score).toBe(100)
  })

  it('closes the limit while a loan is overdue, and never leaves 0–100', () => {
    expect(creditOf(record({ overdue: 1 }), 'JPY')).toEqual({ score: 20, limit: 0n })
    expect(creditOf(record({ verified: false, overdue: 2 }), 'JPY').score).toBe(0)
    expect(creditOf(record({ accountAgeDays: -5, repaidOnTime: -3 }), 'JPY').score).toBe(70)
  })

  it('rounds the limit down to what the wallet can pay out', () => {
    expect(creditOf(record({ depositsTotal: 333n * YEN }), 'JPY').limit).toBe(233n * YEN)
    expect(creditOf(record({ depositsTotal: 1_0001n }), 'USD').limit).toBe(7_000n)
    expect(creditOf(record({ depositsTotal: 0n }), 'JPY').limit).toBe(0n)
  })
})

describe('interest', () => {
  it('counts every started day, at least one', () => {
    expect(interestDays(0, 0)).toBe(1)
    expect(interestDays(0, DAY)).toBe(1)
    expect(interestDays(0, DAY + 1)).toBe(2)
  })

  it('is simple daily interest rounded up to the minor unit', () => {
    expect(accruedInterest(100_000n * YEN, '0.0005', 0, 3 * DAY, 'JPY')).toBe(150n * YEN)
    // 1,001 yen × 0.05 % = 0.5005 yen: the user pays a whole yen.
    expect(accruedInterest(1_001n * YEN, '0.0005', 0, DAY, 'JPY')).toBe(1n * YEN)
    expect(accruedInterest(1_000_000n, '0.0005', 0, DAY, 'USD')).toBe(500n)
    expect(accruedInterest(1_000_000n, '0', 0, 9 * DAY, 'USD')).toBe(0n)
  })

  it('makes a loan overdue only after its term', () => {
    expect(isOverdue(0, 30, 30 * DAY)).toBe(false)
    expect(isOverdue(0, 30, 30 * DAY + 1)).toBe(true)
  })
})
