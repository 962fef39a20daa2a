import type { AssetsAnswer } from '@kabu/shared/api/assets'
import { HOLDING, type WireHolding } from '@kabu/shared/api/trade'
import { describe, expect, it } from 'vitest'
import { liveAssets } from './net-assets-live'

const holding = (nowprice: string): WireHolding => ({
  id: '1',
  code: '7203',
  name: { ja: 'トヨタ', zh: '丰田', en: 'Toyota' },
  status: HOLDING.holding,
  nowprice,
  stock_num: 200,
  buy_price: '2400',
  yingkui: '0',
  buy_time: 0,
  leverage: 1,
  margin: '480000',
  market_value: '500000',
  buy_fee: '250',
  frozen: '0',
  side: 'long',
  account: 'taxable',
})

/** The gateway valued the 200 shares at ¥2,500; the day is up ¥10,000 on a base of ¥990,000. */
const answer: AssetsAnswer = {
  currency: 'JPY',
  net_assets: '1000000',
  cash_available: '500000',
  cash_frozen: '0',
  market_value: '500000',
  unrealized_pnl: '20000',
  products_value: '0',
  daytrade_value: '0',
  liabilities: '0',
  day_change: '10000',
  day_change_pct: '1.01',
  at: 0,
  spec7: { total_assets: '980000', frozen_assets: '480000', ccsz: '500000', fdyk: '20000' },
}

describe('liveAssets', () => {
  it('moves net assets, P/L, the day and its percentage by what the live price adds', () => {
    const live = liveAssets(answer, [holding('2550')])
    expect(live).toMatchObject({
      net_assets: '1010000',
      market_value: '510000',
      unrealized_pnl: '30000',
      day_change: '20000',
      // 20,000 of the same base, 990,000.
      day_change_pct: '2.02',
      cash_available: '500000',
    })
  })

  it('leaves the answer as it was when the price has not moved', () => {
    expect(liveAssets(answer, [holding('2500')])).toBe(answer)
  })
})
