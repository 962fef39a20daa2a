import type { OrderStatus } from '@kabu/shared/api/orders'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { OrderDraft, OrderEstimate } from './order-draft'
import {
  orderMachine,
  type OrderProgress,
  type OrderStatusEvent,
  type OrderWatchEvent,
} from './order.machine'

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
  let watch: ((e: OrderWatchEvent) => void) | undefined
  const actor = createActor(
    orderMachine.provide({
      actors: {
        validate: fromPromise(options.validate ?? (async () => estimate)),
        submit: fromPromise(async ({ input }) => {
          sent.push({ submit: input })
          return (options.submit ?? (async () => ({ id: '42' })))()
        }),
        watchOrder: fromCallback(({ sendBack }) => {
          watch = sendBack
          return () => (watch = undefined)
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          sent.push({ cancel: input })
          return (options.cancel ?? (async () => null))()
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  /** The watch reads the order: `status`, `filled` of `num` shares. */
  const order = (status: OrderStatus, filled = 0, more: Partial<OrderProgress> = {}) =>
    watch?.({ type: 'ORDER', status, num: 100, filled, trigger: null, refusal: null, ...more })
  /** The watch reads the holding of what the order bought. */
  const holding = (s: OrderStatusEvent['status']) => watch?.({ type: 'STATUS', status: s })
  const at = () => {
    const { value } = actor.getSnapshot()
    return typeof value === 'string' ? value : `placed.${String(Object.values(value)[0])}`
  }
  return { actor, sent, order, holding, at }
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
    h.holding(0) // the order is not reported yet: its holding says nothing of it
    expect(h.at()).toBe('placed.tracking')
    h.order('filled', 100)
    expect(h.at()).toBe('placed.holding')
    // Sold from the position screen: the watch reports the sell order, then the fill.
    h.holding(1)
    h.order('filled', 100) // the buy stays filled: its report moves nothing any more
    expect(h.at()).toBe('placed.closing')
    h.holding(4)
    expect(h.at()).toBe('closed')
    expect(h.sent).toEqual([{ submit: { ...draft, idem: 'idem-1' } }])
  })

  it('rests pending and ends cancelled when the user cancels', async () => {
    const h = run()
    await placed(h)
    h.order('open')
    expect(h.at()).toBe('placed.pending')
    h.actor.send({ type: 'CANCEL_ORDER' })
    await waitFor(h.actor, (s) => s.matches({ placed: 'cancelling' }))
    h.order('open') // a stale read before the cancel landed changes nothing
    expect(h.at()).toBe('placed.cancelling')
    h.order('cancelled')
    expect(h.at()).toBe('cancelled')
    expect(h.sent).toContainEqual({ cancel: { id: '42' } })
  })

  it('waits for a stop’s trigger, keeping its price, then fills once it fires', async () => {
    const h = run()
    await placed(h)
    h.order('waiting', 0, { trigger: '2600' })
    expect(h.at()).toBe('placed.waiting')
    expect(h.actor.getSnapshot().context.progress).toMatchObject({
      status: 'waiting',
      trigger: '2600',
    })
    // A stop-limit fired: its limit rests in the book.
    h.order('open', 0, { trigger: '2600' })
    expect(h.at()).toBe('placed.pending')
    h.order('filled', 100, { trigger: '2600' })
    expect(h.at()).toBe('placed.holding')
  })

  it('cancels a stop waiting for its trigger', async () => {
    const h = run()
    await placed(h)
    h.order('waiting', 0, { trigger: '2600' })
    h.actor.send({ type: 'CANCEL_ORDER' })
    await waitFor(h.actor, (s) => s.matches({ placed: 'cancelling' }))
    h.order('waiting', 0, { trigger: '2600' })
    expect(h.at()).toBe('placed.cancelling')
    h.order('cancelled', 0, { trigger: '2600' })
    expect(h.at()).toBe('cancelled')
  })

  it('shows a partial fill growing, then the order filled', async () => {
    const h = run()
    await placed(h)
    h.order('open', 0, { num: 300 })
    h.order('partial', 100, { num: 300 })
    expect(h.at()).toBe('placed.partial')
    expect(h.actor.getSnapshot().context.progress).toMatchObject({ filled: 100, num: 300 })
    h.order('partial', 200, { num: 300 })
    expect(h.actor.getSnapshot().context.progress).toMatchObject({ filled: 200, num: 300 })
    h.order('filled', 300, { num: 300 })
    expect(h.at()).toBe('placed.holding')
  })

  it('keeps the part bought when the rest is cancelled, or lapses', async () => {
    for (const end of ['cancelled', 'expired'] as const) {
      const h = run()
      await placed(h)
      h.order('partial', 100, { num: 300 })
      if (end === 'cancelled') {
        h.actor.send({ type: 'CANCEL_ORDER' })
        await waitFor(h.actor, (s) => s.matches({ placed: 'cancelling' }))
      }
      h.order(end, 100, { num: 300 })
      expect([end, h.at()]).toEqual([end, 'placed.holding'])
      expect(h.actor.getSnapshot().context.progress).toMatchObject({ filled: 100, num: 300 })
    }
  })

  it('comes back to the order as it stands when the cancel is refused', async () => {
    const h = run({ cancel: () => Promise.reject(refusal('too_frequent')) })
    await placed(h)
    h.order('partial', 100, { num: 300 })
    h.actor.send({ type: 'CANCEL_ORDER' })
    await waitFor(h.actor, (s) => s.context.error !== null)
    expect([h.at(), h.actor.getSnapshot().context.error]).toEqual([
      'placed.partial',
      'too_frequent',
    ])
  })

  it('ends expired when a day order lapses unfilled, failed when its fired trigger is refused', async () => {
    const lapsed = run()
    await placed(lapsed)
    lapsed.order('open')
    lapsed.order('expired')
    expect(lapsed.at()).toBe('expired')
    const refused = run()
    await placed(refused)
    refused.order('waiting', 0, { trigger: '2600' })
    refused.order('refused', 0, { trigger: '2600', refusal: 'insufficient_balance' })
    expect([refused.at(), refused.actor.getSnapshot().context.error]).toEqual([
      'failed',
      'insufficient_balance',
    ])
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
