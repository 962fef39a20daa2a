import type { Product, ProductOrder } from '@kabu/shared/api/follow'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { draftError, followMachine, type FollowSnapshot } from './follow.machine'

const product = (phase: Product['phase'] = 'open') =>
  ({ id: '3', phase, min: '10000', remaining: '500000' }) as Product
const order = (state: ProductOrder['state']) =>
  ({ id: '9', state, status: state === 'ended' ? 1 : 0 }) as ProductOrder
const snap = (o: ProductOrder | null, phase: Product['phase'] = 'open'): FollowSnapshot => ({
  product: product(phase),
  order: o,
  available: '100000',
})

/** A machine whose load answers the records in turn (the last one again once they run out). */
function machine(records: FollowSnapshot[], calls: string[] = [], fail?: string) {
  let i = 0
  const command = <I>(name: string) =>
    fromPromise(async ({ input }: { input: I }) => {
      calls.push(`${name} ${JSON.stringify(input)}`)
      if (fail === name) throw { msg: 'product_capacity_exceeded' }
      return { id: '9' }
    })
  return followMachine.provide({
    actors: {
      load: fromPromise(async () => records[Math.min(i++, records.length - 1)] as FollowSnapshot),
      buy: command<{ id: string; money: string; fundPassword: string; idem: string }>('buy'),
      end: command<{ id: string; idem: string }>('end'),
    },
  })
}

const start = async (records: FollowSnapshot[], calls?: string[], fail?: string) => {
  const actor = createActor(machine(records, calls, fail), { input: { productId: '3' } }).start()
  await waitFor(actor, (s) => !s.hasTag('busy'))
  return actor
}

describe('followMachine', () => {
  it('starts in the state the record says', async () => {
    const cases: [FollowSnapshot, string][] = [
      [snap(null), 'buying'],
      [snap(null, 'upcoming'), 'unavailable'],
      [snap(null, 'closed'), 'unavailable'],
      [snap(order('locked')), 'locked'],
      [snap(order('following')), 'following'],
      [snap(order('ended'), 'closed'), 'ended'],
    ]
    for (const [record, state] of cases) {
      const actor = await start([record])
      expect(actor.getSnapshot().matches(state as never), state).toBe(true)
      actor.stop()
    }
  })

  it('refuses a bad draft without a call, then confirms and sends a good one', async () => {
    const calls: string[] = []
    const actor = await start([snap(null), snap(order('locked'))], calls)
    actor.send({ type: 'BUY', money: '5000', fundPassword: '135790' })
    expect(actor.getSnapshot().context.error).toBe('below_minimum_buy')
    actor.send({ type: 'BUY', money: '20000', fundPassword: '135790' })
    expect(actor.getSnapshot().matches({ buying: 'confirming' })).toBe(true)
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().matches({ buying: 'editing' })).toBe(true)
    expect(calls).toEqual([])
    actor.send({ type: 'BUY', money: '20000', fundPassword: '135790' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('locked'))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toContain('"money":"20000"')
    expect(actor.getSnapshot().context.orderId).toBe('9')
    actor.stop()
  })

  it('keeps a refused buy’s reason and lets the user edit again', async () => {
    const actor = await start([snap(null)], [], 'buy')
    actor.send({ type: 'BUY', money: '20000', fundPassword: '135790' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches({ buying: 'editing' }))
    expect(actor.getSnapshot().context.error).toBe('product_capacity_exceeded')
    actor.stop()
  })

  it('ends a following order after a confirmation, and reloads it ended', async () => {
    const calls: string[] = []
    const actor = await start([snap(order('following')), snap(order('ended'))], calls)
    actor.send({ type: 'END' })
    expect(actor.getSnapshot().matches({ following: 'confirmingEnd' })).toBe(true)
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('ended'))
    expect(calls).toHaveLength(1)
    actor.stop()
  })

  it('has no end while locked: only a reload moves it on', async () => {
    const actor = await start([snap(order('locked')), snap(order('following'))])
    actor.send({ type: 'END' })
    expect(actor.getSnapshot().matches('locked')).toBe(true)
    actor.send({ type: 'REFRESH' })
    await waitFor(actor, (s) => s.matches('following'))
    actor.stop()
  })
})

describe('draftError', () => {
  const p = { min: '10000', remaining: '30000' }
  it('names the first rule a draft breaks', () => {
    expect(draftError('', 'x', p, '100000')).toBe('amount_required')
    expect(draftError('1e4', 'x', p, '100000')).toBe('amount_invalid')
    expect(draftError('9999', 'x', p, '100000')).toBe('below_minimum_buy')
    expect(draftError('30001', 'x', p, '100000')).toBe('product_capacity_exceeded')
    expect(draftError('20000', 'x', p, '15000')).toBe('insufficient_balance')
    expect(draftError('20000', '', p, '100000')).toBe('fund_password_not_set')
    expect(draftError('20000', '135790', p, '100000')).toBeNull()
  })
})
