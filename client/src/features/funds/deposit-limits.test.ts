import { describe, expect, it } from 'vitest'
import { depositLimitText } from './deposit-limits'

describe('the per-deposit limit as the deposit screen states it', () => {
  it('is "up to the maximum" when the minimum is only the smallest unit of the currency', () => {
    expect(depositLimitText({ min: '1', max: '10000000000', currency: 'JPY' })).toEqual({
      id: 'mine.funds.deposit.limitUpTo',
      values: { max: '10000000000' },
    })
    expect(depositLimitText({ min: '0.01', max: '65000000', currency: 'USD' }).id).toBe(
      'mine.funds.deposit.limitUpTo',
    )
  })

  it('is the range when a real minimum is set', () => {
    expect(depositLimitText({ min: '1000', max: '500000', currency: 'JPY' })).toEqual({
      id: 'mine.funds.deposit.limitRange',
      values: { min: '1000', max: '500000' },
    })
    expect(depositLimitText({ min: '6.58', max: '65000000', currency: 'USD' }).id).toBe(
      'mine.funds.deposit.limitRange',
    )
  })
})
