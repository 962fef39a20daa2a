import { describe, expect, it } from 'vitest'
import type { Userinfo } from './api/user'
import { deriveAssets } from './assets'

const userinfo = { jpy: '1000' } as Userinfo
const empty = {
  newStocks: [],
  withdrawals: [],
  products: [],
  credits: [],
  holdings: { ccsz: '0', fdyk: '0' },
}
const row = (status: number, money: string, pnl = '0', fees = '0') => ({ status, money, pnl, fees })

describe('deriveAssets with day trading', () => {
  it('counts submitted funds as frozen cash, an approved participation at money + pnl − fees', () => {
    const assets = deriveAssets({
      type: 'jpy',
      userinfo,
      ...empty,
      daytrades: [
        row(0, '500'),
        row(1, '300', '-20', '3'),
        row(4, '100'),
        row(2, '900', '5', '1'),
        row(3, '50'),
      ],
    })
    expect(assets.frozenCash).toBe('500')
    // 500 submitted + (300 − 20 − 3) trading + 100 applied; traded and failed are back in available.
    expect(assets.frozen).toBe('877')
    expect(assets.totalAssets).toBe('1877')
  })

  it('leaves the figures alone without day trading', () => {
    expect(deriveAssets({ type: 'jpy', userinfo, ...empty }).totalAssets).toBe('1000')
  })
})
