import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, waitFor } from 'xstate'
import { workingOrderMachine } from './working-order.machine'

const refusal = (msg: string) => Object.assign(new Error(msg), { msg })

function run(options: { amend?: () => Promise<unknown>; cancel?: () => Promise<unknown> } = {}) {
  const sent: unknown[] = []
  let serial = 0
  const actor = createActor(
    workingOrderMachine.provide({
      actors: {
        amend: fromPromise(async ({ input }) => {
          sent.push({ amend: input })
          return (options.amend ?? (async () => null))()
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          sent.push({ cancel: input })
          return (options.cancel ?? (async () => null))()
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
    { input: { id: '7' } },
  ).start()
  return { actor, sent }
}

describe('working order machine', () => {
  it('amends only once confirmed, with a fresh key per amend, and stays on the order', async () => {
    const h = run()
    h.actor.send({ type: 'AMEND', draft: { price: '2500' } })
    expect(h.actor.getSnapshot().value).toBe('confirmingAmend')
    h.actor.send({ type: 'CANCEL' })
    expect(h.sent).toEqual([])
    h.actor.send({ type: 'AMEND', draft: { num: '100' } })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('idle'))
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: 'amended', error: null })
    expect(h.sent).toEqual([{ amend: { id: '7', num: '100', idem: 'idem-2' } }])
  })

  it('comes back to the order with the refusal, and resends the same key when tried again', async () => {
    let answer: Promise<unknown> = Promise.reject(refusal('order_not_holding'))
    const h = run({ amend: () => answer })
    h.actor.send({ type: 'AMEND', draft: { trigger: '2400' } })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null)
    expect(h.actor.getSnapshot().context.error).toBe('order_not_holding')
    answer = Promise.resolve(null)
    h.actor.send({ type: 'AMEND', draft: { trigger: '2400' } })
    expect(h.actor.getSnapshot().context.error).toBeNull()
  })

  it('cancels once confirmed and ends; an order that ended meanwhile takes no change', async () => {
    const h = run()
    h.actor.send({ type: 'CANCEL_ORDER' })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.hasTag('ended'))
    expect(h.actor.getSnapshot().context.notice).toBe('cancelled')
    expect(h.sent).toEqual([{ cancel: { id: '7' } }])
    const other = run()
    other.actor.send({ type: 'ENDED' })
    other.actor.send({ type: 'AMEND', draft: { price: '1' } })
    expect(other.actor.getSnapshot().value).toBe('ended')
  })
})
