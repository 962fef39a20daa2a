import type { HoldingStatus } from '@kabu/shared/api/trade'
import type { UserEvent } from '@kabu/shared/realtime'
import { Subject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdingStatus$, orderStatus$ } from './holding-status'

const update = (id: string, status: HoldingStatus): UserEvent => ({
  type: 'trade:updated',
  id,
  status,
})

describe('holdingStatus$', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads at once, on a push about the holding, and on the poll', async () => {
    const events = new Subject<UserEvent>()
    const statuses = [2, 0, 1]
    let reads = 0
    const seen: number[] = []
    const sub = holdingStatus$('7', async () => statuses[reads++], 1000, events).subscribe((s) =>
      seen.push(s),
    )
    await vi.advanceTimersByTimeAsync(0)
    events.next(update('8', 0)) // another holding: no read
    events.next(update('7', 0))
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen).toEqual([2, 0, 1])
    sub.unsubscribe()
  })

  it('skips a failed or empty read and keeps following', async () => {
    const answers = [
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve(undefined),
      () => Promise.resolve(4),
    ]
    const seen: number[] = []
    const sub = holdingStatus$(
      '7',
      () => (answers.length > 1 ? answers.shift()! : answers[0]!)(),
      1000,
      new Subject<UserEvent>(),
    ).subscribe((s) => seen.push(s))
    await vi.advanceTimersByTimeAsync(2000)
    expect(seen).toEqual([4])
    sub.unsubscribe()
  })

  it('drops an older read that answers after a newer one was asked', async () => {
    const events = new Subject<UserEvent>()
    let answerSlow: (status: number) => void = () => {}
    const slow = new Promise<number>((resolve) => (answerSlow = resolve))
    const answers = [slow, Promise.resolve(4)]
    const seen: number[] = []
    const sub = holdingStatus$('7', () => answers.shift()!, 60_000, events).subscribe((s) =>
      seen.push(s),
    )
    events.next(update('7', 4))
    await vi.advanceTimersByTimeAsync(0)
    answerSlow(0) // stale: read before the fill
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([4])
    sub.unsubscribe()
  })
})

describe('orderStatus$', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads at once, on a change of the order or of its holding, and on the poll', async () => {
    const events = new Subject<UserEvent>()
    let reads = 0
    const sub = orderStatus$('7', async () => ++reads, 60_000, events).subscribe()
    await vi.advanceTimersByTimeAsync(0)
    const changed = (id: string): UserEvent => ({
      type: 'order:updated',
      id,
      status: 'partial',
      filled_num: 100,
      avg_price: '1',
      code: '7203',
      market: 'jp',
      side: 'buy',
      num: 200,
    })
    events.next(changed('8')) // another order: no read
    events.next(changed('7'))
    events.next(update('7', 1)) // its holding, sold from the position screen
    await vi.advanceTimersByTimeAsync(0)
    expect(reads).toBe(3)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(reads).toBe(4)
    sub.unsubscribe()
  })
})
