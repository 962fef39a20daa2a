import { describe, expect, it } from 'vitest'
import { sellEstimate } from './sell-estimate'

describe('sellEstimate', () => {
  it('takes the sell fee in whole yen', () => {
    expect(sellEstimate('jp', '2512.5', 100, { sell_fee_rate: '0.001' })).toEqual({
      value: '251250',
      fee: '251',
      stampDuty: '0',
      proceeds: '250999',
    })
  })

  it('adds China stamp duty on sells, in cents', () => {
    const config = { sell_fee_rate: '0.0003', cn_stamp_duty_rate: '0.0005' }
    expect(sellEstimate('cn', '10.01', 100, config)).toEqual({
      value: '1001',
      fee: '0.3',
      stampDuty: '0.5',
      proceeds: '1000.2',
    })
  })

  it('refuses what cannot be priced', () => {
    expect(sellEstimate('jp', 'abc', 100, {})).toBeNull()
    expect(sellEstimate('jp', '2500', 0, {})).toBeNull()
  })
})
