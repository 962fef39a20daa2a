import { describe, expect, it } from 'vitest'
import { IPO_STATUS } from '@kabu/shared/api/ipo'
import type { UserEvent } from '@kabu/shared/realtime'
import { noticeOf, type NoticeLookups } from './notifiable'

const lookups: NoticeLookups = {
  holding: async (userId, id) =>
    userId === 1n && id === 9n ? { code: '7203', market: 'jp' } : undefined,
}
const of = (event: UserEvent, userId = 1n) => noticeOf(userId, event, lookups)
const order = (status: string, more: object = {}) =>
  ({
    type: 'order:updated',
    id: '5',
    status,
    filled_num: 4,
    avg_price: '190.5',
    code: 'AAPL',
    market: 'us',
    side: 'sell',
    num: 10,
    ...more,
  }) as UserEvent

describe('which events are notifications', () => {
  it('tells fills, partial fills, lapses and fired stops as fills, linked to the order', async () => {
    expect(await of(order('filled'))).toEqual({
      kind: 'fills',
      topic: 'order_filled',
      params: { code: 'AAPL', side: 'sell', num: '10', filled: '4', price: '190.5' },
      url: '/position/order?type=usd&id=5',
    })
    expect((await of(order('partial')))?.topic).toBe('order_partial')
    expect((await of(order('expired')))?.topic).toBe('order_expired')
    expect((await of(order('open', { fired: true })))?.topic).toBe('stop_fired')
  })

  it('does not tell the user of orders they placed or cancelled', async () => {
    for (const status of ['open', 'waiting', 'cancelled'])
      expect(await of(order(status))).toBeNull()
  })

  it('maps draws, margin calls, dividends, reviews, messages, replies and alerts', async () => {
    const drawn = {
      type: 'ipo:drawn',
      id: '3',
      code: '9999',
      application: '8',
      won_num: 100,
    } as const
    expect(await of({ ...drawn, status: IPO_STATUS.pending })).toMatchObject({
      kind: 'ipo',
      topic: 'ipo_payment_due',
      url: '/home/newShareInfo?id=3',
    })
    expect((await of({ ...drawn, status: IPO_STATUS.lost }))?.topic).toBe('ipo_lost')
    expect((await of({ ...drawn, status: IPO_STATUS.paid }))?.topic).toBe('ipo_won')
    const call = {
      type: 'credit:call',
      id: '9',
      deadline: Date.parse('2026-05-01T03:00:00Z'),
    } as const
    expect(await of({ ...call, status: 'called', amount: '5000' })).toMatchObject({
      kind: 'margin',
      topic: 'margin_call',
      params: { code: '7203', amount: '5000', deadline: '2026-05-01' },
      url: '/position/info?type=jpy&id=9',
    })
    expect((await of({ ...call, status: 'liquidated' }))?.topic).toBe('margin_liquidated')
    expect(await of({ ...call, status: 'met' })).toBeNull()
    const dividend = {
      type: 'dividend:paid',
      id: '1',
      code: '7203',
      net: '4025',
      currency: 'JPY',
    } as const
    expect(await of(dividend)).toMatchObject({ kind: 'dividends', url: '/mine/dividends' })
    const decided = { type: 'review:decided', kind: 'loan', id: '2', status: 'approved' } as const
    expect(await of(decided)).toMatchObject({ kind: 'messages', url: '/mine/loan' })
    const message = { type: 'message:new', id: '4', summary: '', params: {}, created: 0 } as const
    expect(await of({ ...message, title: 'Maintenance tonight' })).toMatchObject({
      kind: 'messages',
      url: '/mine/messageInfo?id=4',
    })
    // A review's own copy in the inbox is told once, by the review's event.
    expect(await of({ ...message, title: 'review.loan.approved.title' })).toBeNull()
    const alert = {
      type: 'alert:triggered',
      id: '6',
      code: '7203',
      kind: 'price_below',
      value: '2300',
      price: '2290',
      at: 0,
    } as const
    expect(await of(alert)).toMatchObject({ kind: 'alerts', url: '/quotes/info?code=7203' })
  })

  it('ignores the screens’ refresh signals', async () => {
    expect(await of({ type: 'trade:updated', id: '5', status: 1 } as UserEvent)).toBeNull()
    expect(await of({ type: 'product:updated', id: '5', status: 'accrued' })).toBeNull()
  })
})
