import type { TrustPanel } from '@kabu/shared/api/trust'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en'
import ja from '../../i18n/locales/ja'
import zhCN from '../../i18n/locales/zh-CN'
import { payoutSpeedText } from './payout-speed'

const panel = (paid: { count: number; hours: number | null; minutes: number | null }): TrustPanel =>
  ({
    withdrawals_paid_count: paid.count,
    withdrawals_paid_median_hours: paid.hours,
    withdrawals_paid_median_minutes: paid.minutes,
  }) as TrustPanel

const say = (locale: string, messages: Record<string, string>, p: TrustPanel) => {
  const { id, values } = payoutSpeedText(p)
  return createIntl({ locale, messages }).formatMessage({ id }, values)
}

describe('the payout speed on the trust panel', () => {
  it('says minutes below an hour, never "within 0 hours"', () => {
    const p = panel({ count: 6, hours: 0, minutes: 3 })
    expect(say('en', en, p)).toBe(
      'Half of the withdrawals paid in the last 30 days were paid within 3 minutes (6 withdrawals).',
    )
    expect(say('ja', ja, p)).toContain('3分以内')
    expect(say('zh-CN', zhCN, p)).toContain('3分钟内')
  })

  it('says hours from an hour on', () => {
    expect(say('en', en, panel({ count: 5, hours: 2.5, minutes: 150 }))).toContain(
      'within 2.5 hours',
    )
  })

  it('says when too few were paid to make a median, and how many it needs', () => {
    const p = panel({ count: 1, hours: null, minutes: null })
    expect(say('en', en, p)).toBe(
      'Only 1 withdrawal was paid in the last 30 days: too few for a median (it takes at least 5).',
    )
    expect(say('ja', ja, p)).toContain('1件')
    expect(say('zh-CN', zhCN, p)).toContain('1笔')
  })

  it('says none when none was paid', () => {
    expect(payoutSpeedText(panel({ count: 0, hours: null, minutes: null })).id).toBe(
      'mine.trust.payouts.none',
    )
  })
})
