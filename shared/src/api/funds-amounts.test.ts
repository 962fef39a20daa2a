import { describe, expect, it } from 'vitest'
import { exchangeProceeds, minorStep, parseAmount } from './funds-amounts'
import { exchangeRequest, rechargeRequest } from './funds'

describe('amounts of the money flows', () => {
  it('are positive and no finer than the currency moves', () => {
    expect(parseAmount('1000', 'JPY')).toBe(10_000_000n)
    expect(parseAmount('10.55', 'USD')).toBe(105_500n)
    for (const bad of ['0', '-1', '10.5', '1e3', ' 1', '1.', '', 'abc', '100000000000000']) {
      expect(parseAmount(bad, 'JPY'), bad).toBe('amount_invalid')
    }
    expect(parseAmount('10.555', 'USD')).toBe('amount_invalid')
    expect(parseAmount('100.5', 'KRW')).toBe('amount_invalid')
    expect(minorStep('VND')).toBe(10_000n)
    expect(minorStep('HKD')).toBe(100n)
  })

  it('pay out an exchange at the rate less the spread, rounded down to the target unit', () => {
    expect(exchangeProceeds(1_000_000n, '0.0065', '0.002', 'USD')).toBe(6_400n)
    expect(exchangeProceeds(10_000n, '152.3456', '0', 'JPY')).toBe(1_520_000n)
    expect(exchangeProceeds(10_000n, '0.0065', '0.002', 'USD')).toBe(0n)
  })

  it('are read by schemas that name the refusal', () => {
    const idem = 'abcdefgh12'
    expect(
      exchangeRequest.safeParse({ from: 'JPY', to: 'JPY', money: '1', idem }).error?.issues[0]
        ?.message,
    ).toBe('same_currency')
    expect(
      rechargeRequest.safeParse({ channel: 'bank_transfer', idem }).error?.issues[0]?.message,
    ).toBe('amount_required')
    expect(
      rechargeRequest.parse({ money: '5', channel: 'bank_transfer', voucher: '', idem }).voucher,
    ).toBeUndefined()
  })
})
