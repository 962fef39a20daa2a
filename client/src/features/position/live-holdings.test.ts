import { HOLDING, type HoldingList, type WireHolding } from '@kabu/shared/api/trade'
import { describe, expect, it } from 'vitest'
import { pnlPercent, revalue } from './live-holdings'

const row = (over: Partial<WireHolding>): WireHolding => ({
  id: '1',
  code: '7203',
  name: { ja: 'トヨタ', zh: '丰田', en: 'Toyota' },
  status: HOLDING.holding,
  nowprice: '2500',
  stock_num: 100,
  buy_price: '2500',
  yingkui: '0',
  buy_time: 0,
  leverage: 1,
  margin: '250000',
  market_value: '250000',
  buy_fee: '250',
  frozen: '0',
  side: 'long',
  account: 'taxable',
  ...over,
})

describe('revalue', () => {
  it('values filled rows at the live price and sums ccsz and fdyk again', () => {
    const list: HoldingList = {
      '1': row({}),
      '2': row({ id: '2', code: 'AAPL', buy_price: '190.25', nowprice: '190.25', stock_num: 3 }),
      '3': row({ id: '3', status: HOLDING.pending, buy_price: '2400', nowprice: '2400' }),
      ccsz: '250570.75',
      fdyk: '0',
    }
    const live = revalue(
      list,
      new Map([
        ['7203', 2512.5],
        ['AAPL', 190.1],
      ]),
    )
    expect(live['1']).toMatchObject({ nowprice: '2512.5', market_value: '251250', yingkui: '1250' })
    expect(live['2']).toMatchObject({ nowprice: '190.1', market_value: '570.3', yingkui: '-0.45' })
    // A resting order holds no shares: its price does not move and it is not in the sums.
    expect(live['3']).toMatchObject({ nowprice: '2400', yingkui: '0' })
    expect([live.ccsz, live.fdyk]).toEqual(['251820.3', '1249.55'])
  })

  it('values a short the other way round and leaves it out of ccsz', () => {
    const list: HoldingList = { '4': row({ id: '4', side: 'short' }), ccsz: '0', fdyk: '0' }
    const live = revalue(list, new Map([['7203', 2490]]))
    expect(live['4']).toMatchObject({ nowprice: '2490', yingkui: '1000' })
    expect([live.ccsz, live.fdyk]).toEqual(['0', '1000'])
  })

  it('keeps the gateway figures of a code without a live price', () => {
    const list: HoldingList = {
      '1': row({ nowprice: '2490', yingkui: '-1000', market_value: '249000' }),
      ccsz: '249000',
      fdyk: '-1000',
    }
    expect(revalue(list, new Map())).toEqual(list)
  })
})

describe('pnlPercent', () => {
  it('is the P/L over cost, two decimals, rounded half away from zero', () => {
    expect(pnlPercent({ yingkui: '1500', buy_price: '2500', stock_num: 100 })).toBe('0.60')
    expect(pnlPercent({ yingkui: '-0.45', buy_price: '190.25', stock_num: 3 })).toBe('-0.08')
    expect(pnlPercent({ yingkui: '250000', buy_price: '2500', stock_num: 100 })).toBe('100.00')
    expect(pnlPercent({ yingkui: '0', buy_price: '0', stock_num: 100 })).toBeNull()
  })
})
