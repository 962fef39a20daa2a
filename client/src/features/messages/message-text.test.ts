import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en'
import ja from '../../i18n/locales/ja'
import { messageText } from './message-text'

describe('messageText', () => {
  it('translates a review key with its params', () => {
    const intl = createIntl({ locale: 'en', messages: en })
    const params = {
      id: '12',
      amount: '1000',
      currency: 'JPY',
      order_no: 'D42',
      reason: 'the photo is blurred',
    }
    expect(messageText(intl, 'review.deposit.rejected.summary', params)).toBe(
      'Your deposit of 1000 JPY (order D42) was rejected: the photo is blurred.',
    )
    const jaIntl = createIntl({ locale: 'ja', messages: ja })
    expect(messageText(jaIntl, 'review.kyc.approved.title', {})).toBe('本人確認が完了しました')
  })

  it('shows an operator’s text, or a key it does not know, as it is', () => {
    const intl = createIntl({ locale: 'en', messages: en })
    expect(messageText(intl, 'Maintenance on Sunday', {})).toBe('Maintenance on Sunday')
    expect(messageText(intl, 'review.lottery.approved.title', {})).toBe(
      'review.lottery.approved.title',
    )
  })
})
