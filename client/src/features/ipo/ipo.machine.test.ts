import type { IpoApplication, IpoOffer } from '@kabu/shared/api/ipo'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ipoMachine, numError, type IpoSnapshot } from './ipo.machine'

const offer = (phase: IpoOffer['phase']) =>
  ({ id: '7', phase, lot: 100, upper_limit: 300 }) as IpoOffer
const application = (status: IpoApplication['status']) => ({ id: '9', status }) as IpoApplication

/** A machine whose load answers the records in turn (the last one again once they run out). */
function machine(records: IpoSnapshot[], calls: string[] = [], fail?: string) {
  let i = 0
  const command = <I>(name: string) =>
    fromPromise(async ({ input }: { input: I }) => {
      calls.push(`${name} ${JSON.stringify(input)}`)
      if (fail === name) throw { msg: 'insufficient_balance' }
      return { id: '9' }
    })
  return ipoMachine.provide({
    actors: {
      load: fromPromise(async () => records[Math.min(i++, records.length - 1)] as IpoSnapshot),
      subscribe: command<{ id: string; num: string; idem: string }>('subscribe'),
      pay: command<{ id: string; idem: string }>('pay'),
      waive: command<{ id: string; idem: string }>('waive'),
    },
  })
}

const start = async (records: IpoSnapshot[], calls?: string[], fail?: string) => {
  const actor = createActor(machine(records, calls, fail)).start()
  await waitFor(actor, (s) => !s.hasTag('busy'))
  return actor
}

describe('ipoMachine', () => {
  it('starts in the phase or result the record says', async () => {
    const cases: [IpoSnapshot, string][] = [
      [{ offer: offer('pre'), application: null }, 'pendingSubscription'],
      [{ offer: offer('subscribing'), application: null }, 'subscribing'],
      [{ offer: offer('ended'), application: null }, 'ended'],
      [{ offer: offer('subscribing'), application: application(1) }, 'awaitingDraw'],
      [{ offer: offer('ended'), application: application(2) }, 'won'],
      [{ offer: offer('ended'), application: application(3) }, 'notWon'],
      [{ offer: offer('ended'), application: application(4) }, 'paymentSuccess'],
      [{ offer: offer('ended'), application: application(5) }, 'subscriptionFailure'],
      [{ offer: offer('ended'), application: application(6) }, 'waived'],
      // Issue 34 item 6: left unpaid past the deadline is not 'waived' (the user declined nothing).
      [{ offer: offer('ended'), application: application(7) }, 'lapsed'],
    ]
    for (const [record, state] of cases) {
      const actor = await start([record])
      expect(actor.getSnapshot().matches(state as never), state).toBe(true)
      actor.stop()
    }
  })

  it('refuses a bad draft without a call, then confirms and sends a good one', async () => {
    const calls: string[] = []
    const actor = await start(
      [
        { offer: offer('subscribing'), application: null },
        { offer: offer('subscribing'), application: application(1) },
      ],
      calls,
    )
    actor.send({ type: 'SUBSCRIBE', num: '150' })
    expect(actor.getSnapshot().context.error).toBe('lot_size')
    actor.send({ type: 'SUBSCRIBE', num: '400' })
    expect(actor.getSnapshot().context.error).toBe('ipo_over_user_limit')
    actor.send({ type: 'SUBSCRIBE', num: '200' })
    expect(actor.getSnapshot().matches({ subscribing: 'confirming' })).toBe(true)
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('awaitingDraw'))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatch(/^subscribe \{"id":"7","num":"200","idem":"ipo-/)
  })

  it('keeps a refusal and stays at the confirmation', async () => {
    const actor = await start([{ offer: offer('subscribing'), application: null }], [], 'subscribe')
    actor.send({ type: 'SUBSCRIBE', num: '100' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().matches({ subscribing: 'confirming' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('insufficient_balance')
  })

  it('reloads on the draw, then pays or waives after a confirmation', async () => {
    const calls: string[] = []
    const actor = await start(
      [
        { offer: offer('ended'), application: application(1) },
        { offer: offer('ended'), application: application(2) },
        { offer: offer('ended'), application: application(4) },
      ],
      calls,
    )
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().matches('awaitingDraw')).toBe(true)
    actor.send({ type: 'DRAWN' })
    await waitFor(actor, (s) => s.matches({ won: 'pendingPayment' }))
    actor.send({ type: 'WAIVE' })
    actor.send({ type: 'CANCEL' })
    actor.send({ type: 'PAY' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('paymentSuccess'))
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['pay'])
  })

  it('shows a withdrawn offer as ended to those who did not apply', async () => {
    const withdrawn = { ...offer('subscribing'), withdrawn_at: 1, withdrawn_reason: 'r' }
    const actor = await start([{ offer: withdrawn, application: null }])
    expect(actor.getSnapshot().matches('ended')).toBe(true)
  })

  it('reloads a won or paid application when it is withdrawn or waived (CHANGED)', async () => {
    const actor = await start([
      { offer: offer('ended'), application: application(2) },
      { offer: offer('ended'), application: application(6) },
      { offer: offer('ended'), application: application(4) },
      { offer: offer('ended'), application: application(5) },
    ])
    expect(actor.getSnapshot().matches({ won: 'pendingPayment' })).toBe(true)
    actor.send({ type: 'CHANGED' })
    await waitFor(actor, (s) => s.matches('waived'))
    actor.send({ type: 'REFRESH' })
    await waitFor(actor, (s) => s.matches('paymentSuccess'))
    actor.send({ type: 'CHANGED' })
    await waitFor(actor, (s) => s.matches('subscriptionFailure'))
  })

  it('numError checks lots and the per-user limit', () => {
    const o = { lot: 100, upper_limit: 300 }
    expect(['100', '300', ' 200 '].map((n) => numError(n, o))).toEqual([null, null, null])
    expect(['0', '-100', 'abc', '150', ''].map((n) => numError(n, o))).toEqual(
      Array(5).fill('lot_size'),
    )
    expect(numError('400', o)).toBe('ipo_over_user_limit')
  })
})
