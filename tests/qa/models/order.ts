import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import type { OrderStatus, WireOrder } from '@kabu/shared/api/orders'
import type { Wallet } from '@kabu/shared/api/ledger'
import { orderStatus$ } from '../../../client/src/realtime/holding-status'
import {
  checkDraft,
  wireKind,
  type OrderDraft,
} from '../../../client/src/features/stock/order-draft'
import { lookAtOrder, type OrderFacts } from '../../../client/src/features/stock/order-watch'
import {
  orderMachine,
  type OrderContext,
  type OrderWatchEvent,
} from '../../../client/src/features/stock/order.machine'
import { needsOf, same, type QaModel } from '../model'
import { caller, userEventsOn, verifiedWithYen } from './live'
import { CODE, holdingOf, LOT, orderRules, priceAway, quoteOf } from './order-market'
import { fillSoon, restingSellOf, sellHolding } from './order-moves'

/**
 * The buy panel's order (spec §4, API.md "Orders") of one lot of Toyota for a user with
 * 1,000,000 yen: at the market (filled at once), at a limit under the market (resting), or a stop
 * over it (waiting); refused by the panel for a part lot. A resting order is cancelled, or filled
 * by a print: the user moves its limit (訂正, `/trade/amend`) past the market, or its trigger under
 * it, and the simulator's next print fills it. The holding is then sold as the position screen
 * sells it, past the 15-minute lock (the back office moves the clock): at the market (closed at
 * once) or at a limit over it (closing) that the user then moves under the market (closed). The
 * order, its holding and the yen wallet are checked in each state.
 */

const FUNDED = '1000000'
const draft = (kind: OrderDraft['kind'], lots = 1): OrderDraft => ({
  kind,
  lots,
  limitPrice: kind === 'limit' ? 1 : 0,
  fundPassword: '',
  ...(kind === 'stop' ? { triggerPrice: 1 } : {}),
})
const done = (actor: string) => ({ type: `xstate.done.actor.${actor}`, output: { id: '1' } })
const report = (status: OrderStatus, filled = 0) => ({
  type: 'ORDER',
  status,
  num: LOT,
  filled,
  trigger: null,
  refusal: null,
})
const holdingStatus = (status: 0 | 1 | 4) => ({ type: 'STATUS', status })

/** What the gateway can answer in each state (as tests/api/order-model.test.ts, one lot only). */
function events(s: { matches: (v: never) => boolean; context: unknown }): AnyEventObject[] {
  const at = (v: unknown) => s.matches(v as never)
  const kind = (s.context as OrderContext).draft?.kind
  if (at('draft'))
    return [
      { type: 'SUBMIT', draft: draft('market') },
      { type: 'SUBMIT', draft: draft('limit') },
      { type: 'SUBMIT', draft: draft('stop') },
      { type: 'SUBMIT', draft: draft('market', 0.5) },
    ]
  if (at('validating'))
    return Number.isInteger((s.context as OrderContext).draft?.lots)
      ? [done('validate')]
      : [{ type: 'xstate.error.actor.validate', error: { msg: 'lot_size' } }]
  if (at('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (at('submitting')) return [done('submit')]
  if (at({ placed: 'tracking' }))
    return [
      kind === 'market' ? report('filled', LOT) : report(kind === 'stop' ? 'waiting' : 'open'),
    ]
  if (at({ placed: 'waiting' }) || at({ placed: 'pending' }))
    return [{ type: 'CANCEL_ORDER' }, report('filled', LOT)]
  if (at({ placed: 'cancelling' })) return [report('cancelled')]
  if (at({ placed: 'holding' })) return [holdingStatus(1), holdingStatus(4)]
  if (at({ placed: 'closing' })) return [holdingStatus(4)]
  return [{ type: 'NEW' }]
}

const stateOf = (value: unknown) =>
  typeof value === 'string' ? value : `placed.${String((value as { placed: string }).placed)}`

/** Each state's order status and holding status on the gateway (null: none). */
const EXPECTED: Record<string, [OrderStatus | null, number | null]> = {
  draft: [null, null],
  confirming: [null, null],
  'placed.waiting': ['waiting', 2],
  'placed.pending': ['open', 2],
  'placed.holding': ['filled', 0],
  'placed.closing': ['filled', 1],
  closed: ['filled', 4],
  cancelled: ['cancelled', 3],
}

export const orderModel: QaModel = {
  name: 'order',
  source: 'client/src/features/stock/order.machine.ts',
  machine: orderMachine,
  events: events as QaModel['events'],
  // A holding ends closed two ways (sold at the market, or a resting sell filled): both are paths.
  serializeState: (s, _event, before) => {
    const context = s.context as OrderContext
    const from = ['closed', 'placed.holding'].includes(stateOf(s.value)) && before
    return JSON.stringify([
      s.value,
      context.error,
      context.draft?.kind ?? null,
      context.draft?.lots ?? null,
      from ? stateOf((before as { value: unknown }).value) : null,
    ])
  },
  // Funding goes through the back office; a sell waits out the 15-minute lock on its clock.
  needs: needsOf(['ops'], { STATUS: ['clock'] }),
  automatic: (e) => e.type === 'ORDER' || e.type === 'STATUS',
  async start(kit) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    const events$ = userEventsOn(target, grant)
    const orderNow = (id: string) => call<WireOrder>('/trade/orderInfo', { id })
    const openOrders = () => call<WireOrder[]>('/trade/orders', { type: 'jpy', status: 'open' })
    const machine = orderMachine.provide({
      actors: {
        validate: fromPromise(async ({ input }) => {
          const quote = await quoteOf(target)
          const check = checkDraft(input, await orderRules(target, grant, quote), quote.price)
          if (!check.ok) throw { msg: check.msg }
          return check.estimate
        }),
        submit: fromPromise(({ input }) =>
          call<{ id: string }>('/trade/buy', {
            ...wireKind(input),
            type: 'jpy',
            code: CODE,
            num: String(input.lots * LOT),
            idem: input.idem,
          }),
        ),
        watchOrder: fromCallback<OrderWatchEvent, { id: string }>(({ sendBack, input }) => {
          const look = lookAtOrder(
            () => call<OrderFacts>('/trade/orderInfo', { id: input.id }),
            async () => (await holdingOf(target, grant, input.id))?.status,
          )
          const watch = orderStatus$(input.id, look, 1000, events$).subscribe((answer) =>
            answer.forEach(sendBack),
          )
          return () => watch.unsubscribe()
        }),
        cancelOrder: fromPromise(({ input }) => call('/trade/cancel', { id: input.id })),
      },
      actions: { newIdem: assign({ idem: () => randomUUID() }) },
    })
    let traded = false
    return {
      grant,
      machine,
      async act(event, { actor }) {
        const snapshot = actor.getSnapshot()
        const context = snapshot.context as OrderContext
        if (event.type === 'SUBMIT' && ['limit', 'stop'].includes(event.draft.kind)) {
          // Far from the market, so no print of the path's seconds fills it by chance.
          const quote = await quoteOf(target)
          const limit = event.draft.kind === 'limit'
          const price = Number(priceAway(quote, limit ? -3 : 3))
          const priced = limit ? { limitPrice: price } : { triggerPrice: price }
          actor.send({ type: 'SUBMIT', draft: { ...event.draft, ...priced } })
          return true
        }
        const id = context.orderId
        // A resting order fills by a print; a market order filled at once (nothing to move).
        const waits = snapshot.matches({ placed: 'waiting' })
        const rests = waits || snapshot.matches({ placed: 'pending' })
        if (event.type === 'ORDER' && event.status === 'filled' && id && rests)
          await fillSoon(target, grant, id, waits ? 'trigger down' : 'limit up')
        if (event.type === 'STATUS' && id && snapshot.matches({ placed: 'holding' }))
          await sellHolding(kit, grant, id, event.status === 1 ? 'limit over' : 'market')
        if (event.type === 'STATUS' && snapshot.matches({ placed: 'closing' })) {
          const sell = await restingSellOf(target, grant, CODE)
          if (sell) await fillSoon(target, grant, sell.id, 'limit down')
        }
        return false
      },
      async agrees(state, snapshot) {
        const expected = EXPECTED[state]
        if (!expected) return
        const id = (snapshot.context as OrderContext).orderId
        const order = id ? await orderNow(id) : undefined
        const held = id ? await holdingOf(target, grant, id) : undefined
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        same([order?.status ?? null, held?.status ?? null], expected, `${state}: order, holding`)
        const progress = (snapshot.context as OrderContext).progress
        if (order && progress)
          same([progress.filled, progress.num], [order.filled_num, order.num], 'the order shown')
        // Working, the order freezes cash for its lot; else nothing is frozen (a sell freezes none).
        const working = state === 'placed.waiting' || state === 'placed.pending'
        same(Number(yen?.frozen) > 0, working, `${state}: yen frozen`)
        // Until a lot was bought the yen is all there; after a round trip it moved by its fees.
        if (held) traded = true
        if (!traded) same(yen?.available, FUNDED, `${state}: yen available`)
      },
      // A path that ends with its order working leaves nothing in the book.
      async stop() {
        for (const o of await openOrders()) await call('/trade/cancel', { id: o.id })
      },
    }
  },
}
