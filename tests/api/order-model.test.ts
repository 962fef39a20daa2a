import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { OrderStatus } from '@kabu/shared/api/orders'
import type { SessionGrant } from '@kabu/shared/api/user'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { OrderDraft } from '../../client/src/features/stock/order-draft'
import { orderMachine, type OrderEvent } from '../../client/src/features/stock/order.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printShares } from '../support/prints'
import {
  crossBelow,
  holdingOf,
  liveOrder,
  printAt,
  restingLimit,
  restingStop,
} from './order-model.driver'
import { cancel, orderNow, orders } from './orders.support'
import { crossAbove, restingSellLimit, sellFromPosition } from './sell-model.driver'
import { advance, books, MINUTE, startTradingApp, TOYOTA, trader } from './trading.support'

/**
 * Model-based test of the buy panel's order machine against a real gateway: the paths come from
 * the machine (`xstate/graph`), with at each state only the events the gateway can really produce
 * there (a market order reports filled, a resting limit open, a stop above the market waiting; a
 * limit of three lots fills in part, then in whole or is cancelled keeping its part; a holding
 * sold at the market reports closed, one offered at a limit closing until the market crosses it).
 * Each path is driven on the same machine wired to the gateway over HTTP; the driver moves the
 * market (the matcher) and the clock where a step needs it, and sells the holding as the position
 * screen does (its sell machine, past the 15-minute lock). After each settled step the gateway's
 * order, books and lists must agree with the machine's state.
 */

type Snapshot = SnapshotFrom<typeof orderMachine>
/** The graph's events, the machine's own and the internal ones (an actor's done or error). */
type ModelEvent = AnyEventObject & { status?: number | string; draft?: OrderDraft }
const draft = (kind: OrderDraft['kind'], lots = 1): OrderDraft => ({
  kind,
  lots,
  limitPrice: kind === 'limit' ? 1 : 0,
  fundPassword: '',
  ...(kind === 'stop' ? { triggerPrice: 1 } : {}),
})
/** Shares of the order that fills in part, and of its first print: a lot of its three. */
const PART = 100
// The invokes are named after their actors: validate, submit.
const done = (actor: string, output: unknown = { id: '1' }) => ({
  type: `xstate.done.actor.${actor}`,
  output,
})
const refused = (actor: string, msg: string) => ({
  type: `xstate.error.actor.${actor}`,
  error: { msg },
})
const status = (code: 0 | 1 | 2 | 3 | 4) => ({ type: 'STATUS', status: code })

/** What the gateway can answer in each state of the machine. */
function possible(s: Snapshot): AnyEventObject[] {
  const kind = s.context.draft?.kind
  const num = (s.context.draft?.lots ?? 1) * 100
  const order = (to: OrderStatus, filled = 0) => ({
    type: 'ORDER',
    status: to,
    num,
    filled,
    trigger: null,
    refusal: null,
  })
  if (s.matches('draft'))
    return [
      { type: 'SUBMIT', draft: draft('market') },
      { type: 'SUBMIT', draft: draft('limit') },
      { type: 'SUBMIT', draft: draft('limit', 3) },
      { type: 'SUBMIT', draft: draft('stop') },
      { type: 'SUBMIT', draft: draft('market', 0.5) },
    ]
  if (s.matches('validating'))
    return [
      Number.isInteger(s.context.draft?.lots) ? done('validate') : refused('validate', 'lot_size'),
    ]
  if (s.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (s.matches('submitting')) return [done('submit')]
  if (s.matches({ placed: 'tracking' }))
    return [kind === 'market' ? order('filled', num) : order(kind === 'stop' ? 'waiting' : 'open')]
  // The larger limit is there for its partial fill; its other ways are the one lot's.
  if (s.matches({ placed: 'pending' }) && num > PART) return [order('partial', PART)]
  if (s.matches({ placed: 'waiting' }) || s.matches({ placed: 'pending' }))
    return [{ type: 'CANCEL_ORDER' }, order('filled', num)]
  if (s.matches({ placed: 'partial' })) return [order('filled', num), { type: 'CANCEL_ORDER' }]
  if (s.matches({ placed: 'cancelling' }))
    return [order('cancelled', s.context.progress?.filled ?? 0)]
  if (s.matches({ placed: 'holding' })) return num > PART ? [] : [status(1), status(4)]
  if (s.matches({ placed: 'closing' })) return [status(4)]
  return [{ type: 'NEW' }]
}

const name = (s: Snapshot) =>
  typeof s.value === 'string' ? s.value : `placed.${String((s.value as { placed: string }).placed)}`

const paths = getShortestPaths(orderMachine, {
  events: possible as never,
  // A holding ends closed two ways (sold at the market, or a resting sell filled), and the larger
  // limit is bought two ways (filled in whole, or cancelled keeping its part): each is a path.
  serializeState: (s, _event, before) => {
    const { value, context } = s as Snapshot
    const from = ['closed', 'placed.holding'].includes(name(s as Snapshot)) && before
    return JSON.stringify([
      value,
      context.error,
      context.draft?.kind ?? null,
      context.draft?.lots ?? null,
      from ? name(before as Snapshot) : null,
    ])
  },
})

/** Events the machine gets by itself (an actor ends, the watch reads a report): no send. */
const automatic = (event: AnyEventObject) =>
  event.type.startsWith('xstate.') || event.type === 'STATUS' || event.type === 'ORDER'

/** States the machine only leaves when the driver moves the gateway (a fill, a sell). */
const WAITS_FOR_DRIVER = new Set([
  'placed.waiting',
  'placed.pending',
  'placed.partial',
  'placed.holding',
  'placed.closing',
])

let t: TestApp
let n = 0
const START = 10_000_000n * 10_000n
beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())

/** What the gateway must hold in each settled state. */
async function agrees(grant: SessionGrant, snapshot: Snapshot) {
  const state = name(snapshot)
  const id = snapshot.context.orderId
  const jpy = await books(t, grant.account, 'JPY')
  const order = id === null ? undefined : await orderNow(t, grant, id)
  const held = id === null ? undefined : await holdingOf(t, grant, id)
  const progress = snapshot.context.progress
  // What the outcome shows of the order (how much filled, its trigger) is the gateway's.
  if (order && progress)
    expect([progress.filled, progress.num, progress.trigger], state).toEqual([
      order.filled_num,
      order.num,
      order.trigger,
    ])
  if (state === 'draft' || state === 'confirming' || state === 'cancelled')
    expect([order?.status ?? null, held?.status ?? null, jpy.available, jpy.frozen], state).toEqual(
      [state === 'cancelled' ? 'cancelled' : null, state === 'cancelled' ? 3 : null, START, 0n],
    )
  // Working, it holds cash for what is still to fill; the seed's list shows an unfilled buy as a
  // pending row of its shares, a partly filled one as the holding of its part.
  if (state === 'placed.waiting' || state === 'placed.pending' || state === 'placed.partial') {
    expect(jpy.frozen, state).toBeGreaterThan(0n)
    expect([order?.status, held?.status, held?.stock_num], state).toEqual(
      state === 'placed.partial'
        ? ['partial', 0, PART]
        : [state === 'placed.waiting' ? 'waiting' : 'open', 2, order?.num],
    )
  }
  if (state === 'placed.holding')
    expect([held?.status, held?.stock_num, jpy.frozen], state).toEqual([0, order?.filled_num, 0n])
  if (state === 'placed.closing') expect([held?.status, jpy.frozen], state).toEqual([1, 0n])
  if (state === 'closed') expect([held?.status, jpy.frozen], state).toEqual([4, 0n])
  await expectLedgerConsistent(t.app.db)
}

const describePath = (steps: Array<{ event: AnyEventObject }>) =>
  steps
    .map(({ event }) => {
      const e = event as ModelEvent & { error?: { msg: string } }
      if (e.draft) return `SUBMIT(${e.draft.kind}×${e.draft.lots})`
      if (e.error) return `${e.type.replace(/^xstate\.error\.actor\./, '')} refused(${e.error.msg})`
      if (e.type.startsWith('xstate.done.'))
        return `${e.type.replace(/^xstate\.done\.actor\./, '')} ok`
      if (e.type === 'ORDER')
        return `ORDER(${String(e.status)} ${String(e.filled)}/${String(e.num)})`
      return e.type === 'STATUS' ? `STATUS(${String(e.status)})` : e.type
    })
    .join(' → ')

describe('order machine against the gateway (paths from xstate/graph)', () => {
  it('covers the order from draft to waiting, pending, partial, holding, closed and cancelled', () => {
    const reached = new Set(paths.map((p) => name(p.state as Snapshot)))
    for (const state of [
      'confirming',
      'placed.waiting',
      'placed.pending',
      'placed.partial',
      'placed.holding',
      'placed.closing',
      'cancelled',
      'closed',
    ])
      expect(reached).toContain(state)
    const before = (p: (typeof paths)[number]) => name(p.steps.at(-2)!.state as Snapshot)
    const closedFrom = paths.filter((p) => p.state.value === 'closed').map(before)
    expect(new Set(closedFrom), 'sold at the market, or a resting sell filled').toEqual(
      new Set(['placed.holding', 'placed.closing']),
    )
    const boughtInPart = paths.filter(
      (p) => name(p.state as Snapshot) === 'placed.holding' && p.state.context.draft?.lots === 3,
    )
    expect(new Set(boughtInPart.map(before)), 'the rest filled, or cancelled').toEqual(
      new Set(['placed.partial', 'placed.cancelling']),
    )
    const errors = new Set(paths.map((p) => (p.state as Snapshot).context.error))
    expect(errors).toEqual(new Set([null, 'lot_size']))
  })

  for (const path of paths) {
    it(describePath(path.steps), { timeout: 30_000 }, async () => {
      const grant = await trader(t, `omodel${n++}x${Date.now() % 10000}`)
      let limit = 0n
      let trigger = 0n
      let sellLimit = 0n
      const actor = createActor(liveOrder(t, grant)).start()
      try {
        const steps = path.steps as Array<{ event: ModelEvent; state: Snapshot }>
        for (const [i, { event, state }] of steps.entries()) {
          const next = steps[i + 1]?.event
          const at = actor.getSnapshot()
          if (event.type === 'ORDER' && at.matches({ placed: 'waiting' })) {
            // A stop's print at its trigger fires it, and it fills there.
            expect(await printAt(t, trigger)).toBeGreaterThanOrEqual(1)
          } else if (event.type === 'ORDER' && event.status === 'partial') {
            // A print of one lot at the limit: the order has three, it fills one.
            expect(await printShares(t, TOYOTA, limit, BigInt(PART))).toBe(1)
          } else if (event.type === 'ORDER' && event.status === 'filled' && limit > 0n) {
            // (Earlier paths' resting orders at or above this limit fill too.)
            expect(await crossBelow(t, limit)).toBeGreaterThanOrEqual(1)
          } else if (event.type === 'STATUS' && at.matches({ placed: 'holding' })) {
            // Sold from the position screen past the 15-minute lock: at the market it closes at
            // once; at a limit over the market it rests, closing.
            await advance(t, 16 * MINUTE)
            sellLimit = event.status === 1 ? restingSellLimit(t) : 0n
            const price = event.status === 1 ? formatUnits(sellLimit) : null
            await sellFromPosition(t, grant, at.context.orderId!, { num: 100, price })
          } else if (event.type === 'STATUS' && at.matches({ placed: 'closing' })) {
            expect(await crossAbove(t, sellLimit)).toBeGreaterThanOrEqual(1)
          } else if (event.type === 'SUBMIT' && event.draft?.kind === 'limit') {
            // A limit under the market as it is now, on the grid: it rests until the driver crosses it.
            limit = restingLimit(t)
            const limitPrice = Number(limit) / 10_000
            actor.send({ type: 'SUBMIT', draft: { ...event.draft, limitPrice } })
          } else if (event.type === 'SUBMIT' && event.draft?.kind === 'stop') {
            // A stop buy above the market: it waits until the driver prints at its trigger.
            trigger = restingStop(t)
            const triggerPrice = Number(trigger) / 10_000
            actor.send({ type: 'SUBMIT', draft: { ...event.draft, triggerPrice } })
          } else if (!automatic(event)) {
            actor.send(event as OrderEvent)
          }
          // Busy states pass on by themselves: check where the machine settles.
          if (next && automatic(next) && !WAITS_FOR_DRIVER.has(name(state))) continue
          await waitFor(actor, (s) => s.matches(state.value as never), { timeout: 10_000 })
          const { error, progress } = actor.getSnapshot().context
          const model = state.context.progress
          expect([error, progress?.status, progress?.filled, progress?.num]).toEqual([
            state.context.error,
            model?.status,
            model?.filled,
            model?.num,
          ])
          await agrees(grant, actor.getSnapshot())
        }
      } finally {
        // An order a path leaves working (or still being sent) would take a later path's one-lot
        // print, which fills the oldest order first: each path cancels what it left.
        await waitFor(actor, (s) => !s.matches('submitting'), { timeout: 10_000 }).catch(() => {})
        actor.stop()
        for (const o of await orders(t, grant, 'open')) await cancel(t, grant, o.id)
      }
    })
  }
})
