import type { DaytradeDetail } from '@kabu/shared/api/daytrade'
import type { UserEvent } from '@kabu/shared/realtime'
import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { BrokerRefusal } from '../../api/broker'
import { daytradeChanged$ } from './daytrade-watch'
import { daytradeMachine, type DaytradeEvent, type DaytradeSnapshot } from './daytrade.machine'
import { livePnl } from './positions-pnl'

const detail = (status: DaytradeDetail['status']): DaytradeDetail => ({
  id: '7',
  order_no: 'DT20300108-0011223344',
  market: 'jp',
  currency: 'JPY',
  status,
  money: '1000000',
  balance: status === 1 ? '1000000' : null,
  pnl: '0',
  fees: '0',
  returned: status === 2 ? '1000000' : null,
  reason: status === 3 ? 'declined' : null,
  created: 1,
  decided: null,
  opens_at: null,
  closes_at: null,
  settled: null,
  positions: [],
  fills: [],
})

/** A machine whose load answers the snapshots in turn (the last one repeats). */
function run(snapshots: DaytradeSnapshot[], calls: unknown[] = [], fail?: string) {
  let i = 0
  let watch: ((e: DaytradeEvent) => void) | undefined
  const actor = createActor(
    daytradeMachine.provide({
      actors: {
        load: fromPromise(async () => snapshots[Math.min(i++, snapshots.length - 1)]!),
        apply: fromPromise(async ({ input }) => {
          calls.push(['apply', input])
          if (fail) throw new BrokerRefusal(fail, 200)
          return { id: '7' }
        }),
        order: fromPromise(async ({ input }) => {
          calls.push(['order', input])
          if (fail) throw new BrokerRefusal(fail, 200)
          return { id: '9' }
        }),
        watch: fromCallback(({ sendBack }) => {
          watch = sendBack
          return () => (watch = undefined)
        }),
      },
    }),
  ).start()
  return { actor, reload: () => watch?.({ type: 'RELOAD' }) }
}

const none: DaytradeSnapshot = { current: null, available: '5000000' }
const at = (status: DaytradeDetail['status']): DaytradeSnapshot => ({
  current: detail(status),
  available: '4000000',
})

describe('daytrade machine', () => {
  it('applies after a confirmation, then follows the review to trading and the flat to traded', async () => {
    const calls: unknown[] = []
    const { actor, reload } = run([none, at(0), at(1), at(2)], calls)
    await waitFor(actor, (s) => s.matches('none'))
    actor.send({ type: 'APPLY', money: 'abc' })
    expect(actor.getSnapshot().value).toBe('none')
    actor.send({ type: 'APPLY', money: ' 1000000 ' })
    expect(actor.getSnapshot().value).toBe('confirmingApply')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('submitted'))
    expect(calls).toEqual([['apply', { money: '1000000', idem: expect.any(String) }]])
    reload()
    await waitFor(actor, (s) => s.matches('trading'))
    actor.send({ type: 'ORDER', code: '7203', side: 'sell', num: '100', price: '' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('traded'))
    expect(calls[1]).toEqual([
      'order',
      { id: '7', code: '7203', side: 'sell', num: '100', price: '', idem: expect.any(String) },
    ])
    actor.send({ type: 'NEW' })
    expect(actor.getSnapshot().value).toBe('none')
  })

  it('keeps a refusal on the confirmation and resends with the same key', async () => {
    const calls: unknown[] = []
    const { actor } = run([none], calls, 'insufficient_balance')
    await waitFor(actor, (s) => s.matches('none'))
    actor.send({ type: 'APPLY', money: '99' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('confirmingApply') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('insufficient_balance')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, () => calls.length === 2)
    const [first, second] = calls as [string, { idem: string }][]
    expect(second![1].idem).toBe(first![1].idem)
  })

  // Issue 34 item 18: a code typed, then Order, did nothing while the poll reloaded the screen.
  it('takes an order sent while the poll reloads a trading participation', async () => {
    let loads = 0
    let watch: ((e: DaytradeEvent) => void) | undefined
    const actor = createActor(
      daytradeMachine.provide({
        actors: {
          // The first load finds it trading; the poll's reload is still on its way.
          load: fromPromise(() => (loads++ === 0 ? Promise.resolve(at(1)) : new Promise(() => {}))),
          watch: fromCallback(({ sendBack }) => {
            watch = sendBack
            return () => (watch = undefined)
          }),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('trading'))
    watch?.({ type: 'RELOAD' })
    expect(actor.getSnapshot().value).toBe('loading')
    actor.send({ type: 'ORDER', code: '7203', side: 'buy', num: '100', price: '' })
    expect(actor.getSnapshot().value).toBe('confirmingOrder')
    expect(actor.getSnapshot().context.order).toEqual({
      code: '7203',
      side: 'buy',
      num: '100',
      price: '',
    })
  })

  it('says why an order or an application it cannot send was not taken', async () => {
    const { actor } = run([at(1)])
    await waitFor(actor, (s) => s.matches('trading'))
    const order = { side: 'buy', num: '100', price: '' } as const
    const refusal = () => actor.getSnapshot().context.orderError
    actor.send({ type: 'ORDER', ...order, code: ' ' })
    expect(refusal()).toBe('not_listed')
    actor.send({ type: 'ORDER', ...order, code: '7203', num: '1.5' })
    expect(refusal()).toBe('lot_size')
    actor.send({ type: 'ORDER', ...order, code: '7203', price: '12a' })
    expect(refusal()).toBe('invalid_input')
    expect(actor.getSnapshot().value).toBe('trading')
    actor.send({ type: 'ORDER', ...order, code: '7203' })
    expect(actor.getSnapshot().value).toBe('confirmingOrder')
    expect(refusal()).toBe(null)

    const apply = run([none]).actor
    await waitFor(apply, (s) => s.matches('none'))
    apply.send({ type: 'APPLY', money: 'abc' })
    expect(apply.getSnapshot().context.error).toBe('amount_invalid')
  })

  it('routes each loaded status to its state', async () => {
    for (const [status, state] of [
      [0, 'submitted'],
      [1, 'trading'],
      [2, 'traded'],
      [3, 'failed'],
      [4, 'applied'],
    ] as const) {
      const { actor } = run([at(status)])
      await waitFor(actor, (s) => s.matches(state))
      actor.stop()
    }
  })
})

describe('daytradeChanged$', () => {
  it('asks for a reload on a daytrade review or settlement, and not on others', () => {
    const events = new Subject<UserEvent>()
    const seen: unknown[] = []
    const sub = daytradeChanged$(events, 60_000).subscribe((e) => seen.push(e))
    events.next({ type: 'review:decided', kind: 'block', id: '1', status: 'approved' })
    events.next({ type: 'review:decided', kind: 'daytrade', id: '1', status: 'approved' })
    events.next({ type: 'daytrade:settled', id: '1', status: 2, returned: '1' })
    sub.unsubscribe()
    expect(seen).toEqual([{ type: 'RELOAD' }, { type: 'RELOAD' }])
  })
})

describe('livePnl', () => {
  const p = {
    code: '7203',
    name: { ja: '', zh: '', en: '' },
    avg_price: '2000',
    last: null,
    pnl: null,
  }
  it('values a long and a short at the live price', () => {
    expect(livePnl({ ...p, qty: 100 }, 2010)).toBe('1000')
    expect(livePnl({ ...p, qty: -100 }, 2010)).toBe('-1000')
    expect(livePnl({ ...p, qty: -100 }, undefined)).toBe(null)
  })
})
