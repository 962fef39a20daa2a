import { describe, expect, it } from 'vitest'
import { accrualInstants, accruedThrough, dayProfit, principalCovered, ratePercent } from './follow'

const at = (text: string) => Date.parse(text)

describe('the published accrual rule', () => {
  it('pays floor(principal × rate × days) to the yen or cent, the cut carried', () => {
    // ¥333,333 at 0.13 %: 433.3329 a day.
    const p = 3_333_330_000n
    const days = [1, 2, 3, 4, 5].map((d) => dayProfit(p, '0.0013', d, 'JPY') / 10_000n)
    expect(days).toEqual([433n, 433n, 433n, 434n, 433n])
    expect(accruedThrough(p, '0.0013', 5, 'JPY')).toBe(21_660_000n)
    // $1,234.56 at 0.07 %: 0.864192 a day, to the cent.
    expect(dayProfit(12_345_600n, '0.0007', 1, 'USD')).toBe(8_600n)
    expect(accruedThrough(12_345_600n, '0.0007', 3, 'USD')).toBe(25_900n)
  })

  it('never pays more in total than the exact figure, and never less by a whole unit', () => {
    for (let d = 1; d <= 250; d++) {
      const total = accruedThrough(9_999_990_000n, '0.00037', d, 'JPY')
      const exact = 9_999_990_000n * 37n * BigInt(d)
      expect(total * 100_000n <= exact).toBe(true)
      expect(exact - total * 100_000n < 10_000n * 100_000n).toBe(true)
    }
  })

  it('counts trading days at the market’s accrual time only', () => {
    // Friday 7 June 2030 10:00 Tokyo to Tuesday 11 June 16:00: Fri, Mon, Tue.
    const days = accrualInstants(
      'jp',
      at('2030-06-07T10:00:00+09:00'),
      at('2030-06-11T16:00:00+09:00'),
    )
    expect(days.map((d) => new Date(d).toISOString())).toEqual([
      '2030-06-07T06:30:00.000Z',
      '2030-06-10T06:30:00.000Z',
      '2030-06-11T06:30:00.000Z',
    ])
    // New Year's holidays in Tokyo: none from Dec 31 to Jan 3.
    expect(
      accrualInstants('jp', at('2030-12-30T16:00:00+09:00'), at('2031-01-04T00:00:00+09:00')),
    ).toEqual([])
    // New York accrues at 16:00 local (EDT in June).
    expect(
      accrualInstants('us', at('2030-06-03T12:00:00-04:00'), at('2030-06-03T16:00:00-04:00')),
    ).toEqual([at('2030-06-03T16:00:00-04:00')])
  })

  it('sizes what funding covers, to the minor unit', () => {
    expect(principalCovered(1_000_000n, '0.001', 5, 'JPY')).toBe(200_000_000n)
    expect(principalCovered(1_000_000n, '0.001', 0, 'JPY')).toBeNull()
    expect(principalCovered(-5n, '0.001', 5, 'JPY')).toBe(0n)
  })

  it('shows a rate as an exact percentage', () => {
    expect(ratePercent('0.0013')).toBe('0.13')
    expect(ratePercent('0.05')).toBe('5')
    expect(ratePercent('0.00000001')).toBe('0.000001')
    expect(ratePercent('0.1')).toBe('10')
  })
})
