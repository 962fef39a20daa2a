import { describe, expect, it } from 'vitest'
import { creditSplit } from '@kabu/shared/market/credit'
import { coverEstimate, creditRatio, type CreditRow } from './short-figures'

// 100 shares sold short at ¥2,500 on credit ×3: its margin is a third of the proceeds, rounded up.
const margin = creditSplit(2_500n * 100n * 10_000n, 3, 'jp').margin
const short: CreditRow = {
  status: 0,
  side: 'short',
  buy_price: '2500',
  stock_num: 100,
  nowprice: '2500',
  frozen: String(margin / 10_000n),
  buy_fee: '250',
  credit: { debt: '0', interest: '0' },
}

describe('creditRatio', () => {
  it('values a short by what covering now would leave: proceeds + margin − cost − fees owed', () => {
    expect(short.frozen).toBe('83334')
    expect(creditRatio(short)).toBe(33.33)
    // Up 20 %: (250,000 + 83,334 − 300,000) / 300,000, under the published 20 %.
    expect(creditRatio({ ...short, nowprice: '3000' })).toBe(11.11)
    // Borrow fees owed come off the equity; trust funds (in frozen) add to it.
    expect(creditRatio({ ...short, credit: { debt: '3334', interest: '3334' } })).toBe(32)
    expect(creditRatio({ ...short, frozen: '133334' })).toBe(53.33)
  })

  it('is not maintenancePercent: a short owes no loan yet is watched from its first day', () => {
    const long = { ...short, side: 'long' as const }
    expect(creditRatio(long)).toBeNull()
    expect(creditRatio({ ...long, credit: { debt: '150000', interest: '0' } })).toBe(40)
  })

  it('goes below zero when the cost to cover passes proceeds and margin', () => {
    expect(creditRatio({ ...short, nowprice: '4000' })).toBeLessThan(0)
  })

  it('has none once the position has ended', () => {
    expect(creditRatio({ ...short, status: 4, frozen: '0' })).toBeNull()
    expect(creditRatio({ ...short, status: 1 })).toBe(33.33)
  })
})

describe('coverEstimate', () => {
  const config = { buy_fee_rate: '0.001', sell_fee_rate: '0.001' }
  const owing = { ...short, credit: { debt: '7', interest: '7' } }

  it('books the gain as the gateway does: proceeds − cost − both fees − borrow fees', () => {
    expect(coverEstimate('jp', owing, '2400', config)).toEqual({
      cost: '240000',
      fee: '240',
      realised: '9503',
      // 250,000 + 83,334 − 240,000 − 240, less the ¥7 of borrow fees owed.
      returned: '93087',
      shortfall: '0',
    })
  })

  it('returns the margin held less the loss when the price rose', () => {
    const e = coverEstimate('jp', short, '2600', config)
    expect(e).toMatchObject({ cost: '260000', fee: '260', realised: '-10510', returned: '73074' })
  })

  it('leaves a loss beyond the collateral owed', () => {
    expect(coverEstimate('jp', short, '6000', config)).toMatchObject({
      returned: '0',
      shortfall: '267266',
    })
  })

  it('charges the fee in cents in the US, and nothing without a rate', () => {
    const us = { ...short, buy_price: '150.5', frozen: '5017', buy_fee: '0' }
    expect(coverEstimate('us', us, '149.99', config)?.fee).toBe('14.99')
    expect(coverEstimate('jp', short, '2400', {})?.fee).toBe('0')
  })

  it('refuses what cannot be priced', () => {
    expect(coverEstimate('jp', short, 'abc', config)).toBeNull()
    expect(coverEstimate('jp', short, '0', config)).toBeNull()
  })
})
