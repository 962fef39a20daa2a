import type { UserEvent } from '@kabu/shared/realtime'
import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { changesHoldings, tradeUpdates$, type TradeUpdate } from './trade-updates'

const fill = (id: string): UserEvent => ({ type: 'trade:updated', id, status: 0 })
const kyc: UserEvent = { type: 'kyc:result', id: '7', status: 'approved' }

describe('tradeUpdates$', () => {
  it('passes every order update and nothing else', () => {
    const events = new Subject<UserEvent>()
    const seen: TradeUpdate[] = []
    tradeUpdates$(undefined, events).subscribe((u) => seen.push(u))
    events.next(fill('1'))
    events.next(kyc)
    events.next(fill('2'))
    expect(seen.map((u) => u.id)).toEqual(['1', '2'])
  })

  it('keeps to one order when given its id', () => {
    const events = new Subject<UserEvent>()
    const seen: TradeUpdate[] = []
    tradeUpdates$('2', events).subscribe((u) => seen.push(u))
    events.next(fill('1'))
    events.next(fill('2'))
    events.next(fill('12'))
    expect(seen).toEqual([{ type: 'trade:updated', id: '2', status: 0 }])
  })
})

describe('changesHoldings', () => {
  it('is a fill, or an approved block request, and nothing else', () => {
    const block = (status: 'approved' | 'rejected'): UserEvent => ({
      type: 'review:decided',
      kind: 'block',
      id: '3',
      status,
    })
    const loan: UserEvent = { type: 'review:decided', kind: 'loan', id: '4', status: 'approved' }
    expect(
      [fill('1'), block('approved'), block('rejected'), loan, kyc].map(changesHoldings),
    ).toEqual([true, true, false, false, false])
  })
})
