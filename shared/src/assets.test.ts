import { describe, expect, it } from 'vitest'
import type { HoldingList, WireHolding } from './api/trade'
import { deriveAssets, type AssetInputs } from './assets'

const name = { ja: 'トヨタ', zh: '丰田', en: 'Toyota' }
const row = (over: Partial<WireHolding>): WireHolding => ({
  id: '1',
  code: '7203',
  name,
  status: 0,
  nowprice: '0',
  stock_num: 100,
  buy_price: '0',
  yingkui: '0',
  buy_time: 0,
  leverage: 1,
  margin: '0',
  market_value: '0',
  buy_fee: '0',
  frozen: '0',
  side: 'long',
  account: 'taxable',
  ...over,
})

const base: AssetInputs = {
  type: 'jpy',
  userinfo: {
    account: 'a',
    credit_score: 0,
    verified: 1,
    fund_password_set: true,
    invite_code: 'X',
    jpy: '1000.5',
    jpyyjed: '200',
  },
  newStocks: [],
  withdrawals: [],
  products: [],
  credits: [],
  holdings: { ccsz: '0', fdyk: '0' },
}

describe('deriveAssets (spec §7)', () => {
  it('counts the cash of block requests pending review as frozen, not decided ones', () => {
    const a = deriveAssets({
      ...base,
      blocks: [
        { status: 0, money: '300.25' },
        { status: 1, money: '999' },
        { status: 2, money: '999' },
      ],
    })
    expect(a).toMatchObject({ frozen: '300.25', frozenCash: '300.25', totalAssets: '1300.75' })
  })

  it('reads available and borrowed from the wallet named by type', () => {
    const a = deriveAssets(base)
    expect(a).toMatchObject({ available: '1000.5', borrowed: '200', frozen: '0' })
    expect(a.totalAssets).toBe('1000.5')
    expect(deriveAssets({ ...base, type: 'usd' }).available).toBe('0')
  })

  it('adds held requests, pending order cash and holding cost to frozen, exactly', () => {
    const holdings: HoldingList = {
      '1': row({ id: '1', buy_price: '812.3', nowprice: '815.1', yingkui: '280' }),
      '2': row({ id: '2', status: 2, buy_price: '800', frozen: '80080' }),
      '3': row({
        id: '3',
        status: 1,
        stock_num: 200,
        buy_price: '0.1',
        nowprice: '0.2',
        yingkui: '20',
      }),
      ccsz: '81530',
      fdyk: '300',
    }
    const a = deriveAssets({
      ...base,
      holdings,
      newStocks: [
        { status: 1, rjmoney: '0.1' },
        { status: 3, rjmoney: '999' },
      ],
      withdrawals: [
        { status: 0, money: '0.2' },
        { status: 1, money: '999' },
      ],
      products: [{ status: 0, money: '5' }],
      credits: [
        { status: 0, credit: '7' },
        { status: 1, credit: '888' },
        { status: 2, credit: '999' },
      ],
    })
    // 0.1 + 0.2 + 80080 + 7 (cash: trust funds pending review are frozen too) + 5 + 81230 + 20
    // (cost); applied trust funds (status 1) have paid a debt down and hold nothing.
    expect(a.frozenCash).toBe('80087.3')
    expect(a.workingFunds).toBe('81255')
    expect(a.frozen).toBe('161342.3')
    expect(a.totalAssets).toBe('162342.8')
    expect(a.holdingsValue).toBe('81550')
    expect(a.floatingPnl).toBe('300')
  })

  it('ignores ended rows and counts a missing figure as zero', () => {
    const holdings: HoldingList = {
      '9': row({ id: '9', status: 4, buy_price: '10', nowprice: '12', yingkui: '200' }),
      ccsz: '0',
      fdyk: '0',
    }
    const { jpyyjed: _omitted, ...userinfo } = base.userinfo
    const a = deriveAssets({ ...base, userinfo, holdings })
    expect(a).toMatchObject({ frozen: '0', holdingsValue: '0', floatingPnl: '0', borrowed: '0' })
  })

  it('counts a short by its margin and P/L, never as shares owned', () => {
    const holdings: HoldingList = {
      '5': row({
        id: '5',
        side: 'short',
        buy_price: '3000',
        nowprice: '2900',
        yingkui: '10000',
        frozen: '100000',
      }),
      ccsz: '0',
      fdyk: '10000',
    }
    const a = deriveAssets({ ...base, holdings })
    expect(a).toMatchObject({
      frozenCash: '100000',
      workingFunds: '0',
      holdingsValue: '0',
      floatingPnl: '10000',
    })
    expect(a.frozen).toBe('100000')
  })
})
