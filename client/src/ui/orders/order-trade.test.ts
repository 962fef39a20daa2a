import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en'
import ja from '../../i18n/locales/ja'
import zhCN from '../../i18n/locales/zh-CN'
import { orderSentence } from './order-sentence'
import { ORDER_TRADES, orderTrade } from './order-trade'

const catalogues = { ja, 'zh-CN': zhCN, en }
const label = (locale: keyof typeof catalogues, o: Parameters<typeof orderTrade>[0]) =>
  catalogues[locale][`stock.orders.trade.${orderTrade(o)}`]

describe("an order's trade label (注文照会)", () => {
  it('tells cash, credit buys and their sales, and shorts and their covers apart', () => {
    const rows = [
      { side: 'buy', effect: 'open', leverage: 1 },
      { side: 'sell', effect: 'close', leverage: 1 },
      { side: 'buy', effect: 'open', leverage: 3 },
      { side: 'sell', effect: 'close', leverage: 3 },
      { side: 'sell', effect: 'open', leverage: 3 },
      { side: 'buy', effect: 'close', leverage: 3 },
    ] as const
    expect(rows.map((o) => label('ja', o))).toEqual([
      '現物買',
      '現物売',
      '信用新規買',
      '信用返済売',
      '信用新規売',
      '信用返済買',
    ])
    expect(rows.map((o) => label('zh-CN', o))).toEqual([
      '现金买入',
      '现金卖出',
      '融资买入',
      '融资卖出还款',
      '融券卖出',
      '买券还券',
    ])
    expect(rows.map((o) => label('en', o))).toEqual([
      'Cash buy',
      'Cash sell',
      'Margin buy',
      'Margin sell to close',
      'Short sell',
      'Buy to cover',
    ])
  })

  it('reads a short and its cover by effect, whatever the leverage', () => {
    expect(orderTrade({ side: 'sell', effect: 'open', leverage: 1 })).toBe('short')
    expect(orderTrade({ side: 'buy', effect: 'close', leverage: 1 })).toBe('cover')
    // A ticket before it is sent: a buy opens, a sell closes.
    expect(orderTrade({ side: 'buy' })).toBe('cashBuy')
    expect(orderTrade({ side: 'sell', leverage: 2 })).toBe('marginSell')
  })

  it('has a label and a verb in every language for every trade', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const ids = ORDER_TRADES.flatMap((t) => [`stock.orders.trade.${t}`, `stock.orders.verb.${t}`])
      expect(
        ids.filter((id) => !catalogue[id]),
        locale,
      ).toEqual([])
    }
  })

  it('says the trade in the order read back in words', () => {
    const intl = createIntl({ locale: 'ja', messages: ja, timeZone: 'Asia/Tokyo' })
    const enIntl = createIntl({ locale: 'en', messages: en, timeZone: 'Asia/Tokyo' })
    const short = {
      code: '7203',
      side: 'sell',
      effect: 'open',
      leverage: 3,
      kind: 'market',
      num: 100,
      price: null,
      trigger: null,
      trail: null,
      validity: 'day',
    } as const
    expect(orderSentence(intl, short, 'JPY')).toBe('7203 を成行で 100 株信用で新規売りする、当日中')
    expect(orderSentence(enIntl, short, 'JPY')).toBe('Short sell 100 7203 at market, today only')
    const cover = { ...short, side: 'buy', effect: 'close' } as const
    expect(orderSentence(intl, cover, 'JPY')).toBe('7203 を成行で 100 株返済買いする、当日中')
    const cash = { ...short, side: 'sell', effect: 'close', leverage: 1 } as const
    expect(orderSentence(intl, cash, 'JPY')).toBe('7203 を成行で 100 株売る、当日中')
  })
})
