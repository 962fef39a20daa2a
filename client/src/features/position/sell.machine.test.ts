import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { sellMachine, type StatusEvent } from './sell.machine'

const refusal = (msg: string) => Object.assign(new Error(msg), { msg })

function run(
  options: { sell?: () => Promise<{ id: string }>; cancel?: () => Promise<unknown> } = {},
) {
  const sent: unknown[] = []
  const watched: string[] = []
  let report: ((e: StatusEvent) => void) | undefined
  let serial = 0
  const actor = createActor(
    sellMachine.provide({
      actors: {
        sell: fromPromise(async ({ input }) => {
          sent.push({ sell: input })
          return (options.sell ?? (async () => ({ id: '9' })))()
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          sent.push({ cancel: input })
          return (options.cancel ?? (async () => null))()
        }),
        watch: fromCallback<StatusEvent, { id: string }>(({ sendBack, input }) => {
          watched.push(input.id)
          report = sendBack
          return () => (report = undefined)
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
    { input: { id: '9' } },
  ).start()
  return { actor, sent, watched, report: (status: number) => report?.({ type: 'STATUS', status }) }
}

describe('sell machine', () => {
  it('confirms, sells, is closing until the watch reports closed', async () => {
    const h = run()
    h.actor.send({ type: 'SELL', draft: { num: 100, price: null } })
    expect(h.actor.getSnapshot().value).toBe('confirmingSell')
    expect(h.sent).toEqual([])
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('closing'))
    h.report(1)
    expect(h.actor.getSnapshot().value).toBe('closing')
    h.report(4)
    expect(h.actor.getSnapshot().value).toBe('closed')
    expect(h.sent).toEqual([{ sell: { id: '9', num: 100, price: null, idem: 'idem-1' } }])
  })

  it('returns to the holding with the refusal (15-minute lock, T+1)', async () => {
    for (const msg of ['sell_after_15_minutes', 'cannot_sell_t1', 'order_not_holding']) {
      const h = run({ sell: () => Promise.reject(refusal(msg)) })
      h.actor.send({ type: 'SELL', draft: { num: 100, price: '2500' } })
      h.actor.send({ type: 'CONFIRM' })
      await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null)
      expect(h.actor.getSnapshot().context.error).toBe(msg)
    }
  })

  it('sends nothing when the confirmation is dismissed', () => {
    const h = run()
    h.actor.send({ type: 'SELL', draft: { num: 100, price: null } })
    h.actor.send({ type: 'CANCEL' })
    expect(h.actor.getSnapshot().value).toBe('idle')
    expect(h.sent).toEqual([])
  })

  it('cancels a resting order after confirmation', async () => {
    const h = run()
    h.actor.send({ type: 'CANCEL_ORDER' })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('cancelled'))
    expect(h.sent).toEqual([{ cancel: { id: '9' } }])
  })

  it('uses a new idempotency key for each confirmed sell', async () => {
    const h = run({ sell: () => Promise.reject(refusal('network_error')) })
    for (let i = 0; i < 2; i++) {
      h.actor.send({ type: 'SELL', draft: { num: 100, price: null } })
      h.actor.send({ type: 'CONFIRM' })
      await waitFor(h.actor, (s) => s.matches('idle'))
    }
    expect(h.sent.map((x) => (x as { sell: { idem: string } }).sell.idem)).toEqual([
      'idem-1',
      'idem-2',
    ])
  })

  it('sells the quantity chosen on the confirmation and watches the part it split off', async () => {
    const h = run({ sell: async () => ({ id: '12' }) })
    h.actor.send({ type: 'SELL', draft: { num: 300, price: null } })
    h.actor.send({ type: 'QUANTITY', num: 100 })
    h.actor.send({ type: 'QUANTITY', num: 0 })
    expect(h.actor.getSnapshot().context.draft).toEqual({ num: 100, price: null })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('closing'))
    expect(h.sent).toEqual([{ sell: { id: '9', num: 100, price: null, idem: 'idem-2' } }])
    expect(h.watched).toEqual(['12'])
    h.report(4)
    // The rest of the holding is still held: back to idle, ready for another sell.
    expect(h.actor.getSnapshot().value).toBe('idle')
    expect(h.actor.getSnapshot().context.partSold).toBe(true)
  })
})
