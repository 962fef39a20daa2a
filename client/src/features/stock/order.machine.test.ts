import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { OrderDraft, OrderEstimate } from './order-draft'
import { orderMachine, type OrderStatusEvent } from './order.machine'

const draft: OrderDraft = { kind: 'limit', lots: 1, limitPrice: 2500, fundPassword: '' }
const estimate: OrderEstimate = {
  shares: 100,
  price: '2500',
  amount: '250000',
  fee: '250',
  total: '250250',
}
const refusal = (msg: string) => Object.assign(new Error(msg), { msg })

function run(
  options: {
    validate?: () => Promise<OrderEstimate>
    submit?: () => Promise<{ id: string }>
    cancel?: () => Promise<unknown>
  } = {},
) {
  let serial = 0
  const sent: unknown[] = []
  let report: ((e: OrderStatusEvent) => void) | undefined
  const actor = createActor(
    orderMachine.provide({
      actors: {
        validate: fromPromise(options.validate ?? (async () => estimate)),
        submit: fromPromise(async ({ input }) => {
          sent.push({ submit: input })
          return (options.submit ?? (async () => ({ id: '42' })))()
        }),
        watchOrder: fromCallback(({ sendBack }) => {
          report = sendBack
          return () => (report = undefined)
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          sent.push({ cancel: input })
          return (options.cancel ?? (async () => null))()
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  const status = (s: OrderStatusEvent['status']) => report?.({ type: 'STATUS', status: s })
  return { actor, sent, status }
}

async function placed(h: ReturnType<typeof run>) {
  h.actor.send({ type: 'SUBMIT', draft })
  await waitFor(h.actor, (s) => s.matches('confirming'))
  h.actor.send({ type: 'CONFIRM' })
  await waitFor(h.actor, (s) => s.matches({ placed: 'tracking' }))
}

describe('order machine', () => {
  it('validates, confirms with the estimate, fills, and follows the holding until it is sold', async () => {
    const h = run()
    await placed(h)
    expect(h.actor.getSnapshot().context.estimate).toEqual(estimate)
    h.status(0)
    expect(h.actor.getSnapshot().matches({ placed: 'holding' })).toBe(true)
    // Sold from the position screen: the watch reports the sell order, then the fill.
    h.status(1)
    expect(h.actor.getSnapshot().matches({ placed: 'closing' })).toBe(true)
    h.status(4)
    expect(h.actor.getSnapshot().value).toBe('closed')
    expect(h.sent).toEqual([{ submit: { ...draft, idem: 'idem-1' } }])
  })

  it('rests pending and ends cancelled when the user cancels', async () => {
    const h = run()
    await placed(h)
    h.status(2)
    h.actor.send({ type: 'CANCEL_ORDER' })
    await waitFor(h.actor, (s) => s.matches({ placed: 'cancelling' }))
    h.status(2) // a stale read before the cancel landed changes nothing
    expect(h.actor.getSnapshot().matches({ placed: 'cancelling' })).toBe(true)
    h.status(3)
    expect(h.actor.getSnapshot().value).toBe('cancelled')
    expect(h.sent).toContainEqual({ cancel: { id: '42' } })
  })

  it('returns to the draft with the key when validation refuses', async () => {
    const h = run({ validate: () => Promise.reject(refusal('lot_size')) })
    h.actor.send({ type: 'SUBMIT', draft })
    await waitFor(h.actor, (s) => s.matches('draft') && s.context.error !== null)
    expect(h.actor.getSnapshot().context.error).toBe('lot_size')
    expect(h.sent).toEqual([])
  })

  it('maps gateway refusals to draft, confirmation or failed', async () => {
    for (const [msg, state] of [
      ['insufficient_balance', 'draft'],
      ['over_price_limit', 'draft'],
      ['network_error', 'confirming'],
      ['outside_trading_time', 'failed'],
      ['trading_barred', 'failed'],
    ] as const) {
      const h = run({ submit: () => Promise.reject(refusal(msg)) })
      h.actor.send({ type: 'SUBMIT', draft })
      await waitFor(h.actor, (s) => s.matches('confirming'))
      h.actor.send({ type: 'CONFIRM' })
      await waitFor(h.actor, (s) => s.context.error !== null)
      expect([h.actor.getSnapshot().value, h.actor.getSnapshot().context.error]).toEqual([
        state,
        msg,
      ])
    }
  })

  it('retries a confirmed order with the same idempotency key', async () => {
    let calls = 0
    const h = run({
      submit: () =>
        ++calls === 1 ? Promise.reject(refusal('network_error')) : Promise.resolve({ id: '7' }),
    })
    h.actor.send({ type: 'SUBMIT', draft })
    await waitFor(h.actor, (s) => s.matches('confirming'))
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.context.error === 'network_error')
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('placed'))
    expect(h.sent.map((x) => (x as { submit: { idem: string } }).submit.idem)).toEqual([
      'idem-1',
      'idem-1',
    ])
  })

  it('starts over from an ended order', async () => {
    const h = run({ submit: () => Promise.reject(refusal('not_listed')) })
    h.actor.send({ type: 'SUBMIT', draft })
    await waitFor(h.actor, (s) => s.matches('confirming'))
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('failed'))
    h.actor.send({ type: 'NEW' })
    expect(h.actor.getSnapshot().value).toBe('draft')
    expect(h.actor.getSnapshot().context.error).toBeNull()
  })
})
