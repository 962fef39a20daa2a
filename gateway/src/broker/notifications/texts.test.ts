import { describe, expect, it } from 'vitest'
import { NOTIFY_KINDS, NOTIFY_LANGS } from '@kabu/shared/api/notifications'
import { render, TOPICS, type Topic } from './texts'

const PARAMS = {
  code: '7203',
  side: 'buy',
  num: '100',
  filled: '40',
  price: '2345',
  kind: 'price_below',
  value: '2300',
  amount: '120000',
  deadline: '2026-05-01',
  net: '4025',
  currency: 'JPY',
  what: 'loan',
  verdict: 'approved',
  title: 'Maintenance tonight',
  text: 'We have refunded the fee.',
}

describe('the notification texts', () => {
  it('write every topic in ja, zh-CN and en, a title and a body each, all different', () => {
    for (const topic of Object.keys(TOPICS) as Topic[]) {
      const words = NOTIFY_LANGS.map((lang) => render(topic, PARAMS, lang))
      for (const { title, body } of words) {
        expect(title.trim(), topic).not.toBe('')
        expect(body.trim(), topic).not.toBe('')
        expect(`${title}${body}`, topic).not.toMatch(/undefined|null/)
      }
      // Three languages, not one text copied three times.
      expect(new Set(words.map((w) => w.title)).size, topic).toBe(3)
    }
  })

  it('has at least one topic of every kind a user can switch', () => {
    const kinds = new Set(Object.values(TOPICS).map((t) => t.kind))
    expect([...kinds].sort()).toEqual([...NOTIFY_KINDS].sort())
  })

  it('puts the parameters in the words', () => {
    expect(render('order_filled', PARAMS, 'en')).toEqual({
      title: 'Order filled',
      body: '7203 Buy 100 @ 2345',
    })
    expect(render('dividend_paid', PARAMS, 'ja').body).toContain('4025 JPY')
    expect(render('review_decided', { ...PARAMS, verdict: 'rejected' }, 'zh-CN').title).toBe(
      '审核未通过',
    )
  })

  it('reads a topic this build does not know as empty rather than failing', () => {
    expect(render('gone_topic', PARAMS, 'en')).toEqual({ title: '', body: '' })
  })
})
