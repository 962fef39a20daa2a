import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en'
import ja from '../../i18n/locales/ja'
import zhCN from '../../i18n/locales/zh-CN'
import { orderSentence, type SentenceOrder } from './order-sentence'

const intls = {
  ja: createIntl({ locale: 'ja', messages: ja, timeZone: 'Asia/Tokyo' }),
  'zh-CN': createIntl({ locale: 'zh-CN', messages: zhCN, timeZone: 'Asia/Tokyo' }),
  en: createIntl({ locale: 'en', messages: en, timeZone: 'Asia/Tokyo' }),
}
const stop: SentenceOrder = {
  code: '7203',
  side: 'buy',
  kind: 'stop',
  num: 100,
  price: null,
  trigger: '2900',
  trail: null,
  validity: '2026-12-18',
}
const say = (locale: keyof typeof intls, o: SentenceOrder) => orderSentence(intls[locale], o, 'JPY')

describe('an order read back in words', () => {
  it('says a stop buy as a broker reads it back, in each language', () => {
    expect(say('ja', stop)).toBe('7203 を ￥2,900 以上になったら成行で 100 株買う、12/18 まで')
    expect(say('zh-CN', stop)).toBe('7203 涨至 ¥2,900 时以市价买入 100 股，至 12/18 有效')
    expect(say('en', stop)).toBe(
      'Buy 100 7203 at market once it is at or above ¥2,900, until 12/18',
    )
  })

  it('says each kind and side with its own prices, and an entry with its exits', () => {
    const sell = { ...stop, side: 'sell' as const, validity: 'day' }
    expect(say('ja', sell)).toBe('7203 を ￥2,900 以下になったら成行で 100 株売る、当日中')
    const trailing = { ...sell, kind: 'trailing' as const, trigger: '2800', trail: '50' }
    expect(say('en', trailing)).toBe(
      'Sell 100 7203 at market once it falls ¥50 off its high, today only',
    )
    const oco = { ...sell, kind: 'limit' as const, price: '3100', group: 'oco' as const }
    expect(say('zh-CN', oco)).toBe(
      '7203 以限价 ¥3,100，或跌至 ¥2,900 时以市价，卖出 100 股，当日有效',
    )
    const stopLeg = { ...sell, group: 'oco' as const }
    expect(say('ja', stopLeg)).toBe('7203 を ￥2,900 以下になったら成行で 100 株売る、当日中')
    const ifdoco = {
      ...stop,
      kind: 'limit' as const,
      price: '2850',
      trigger: null,
      validity: 'day',
      group: 'ifdoco' as const,
      exitPrice: '3000',
      exitTrigger: '2700',
    }
    expect(say('ja', ifdoco)).toBe(
      '7203 を ￥2,850 の指値で 100 株買う、当日中。約定したら ￥3,000 の指値で、または ￥2,700 以下になったら成行で売る',
    )
  })
})
