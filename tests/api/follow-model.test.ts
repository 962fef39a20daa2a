import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assign,
  createActor,
  fromPromise,
  waitFor,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { Product, ProductAccrual, ProductOrder } from '@kabu/shared/api/follow'
import type { SessionGrant } from '@kabu/shared/api/user'
import { followMachine, type FollowSnapshot } from '../../client/src/features/follow/follow.machine'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import {
  booksOf,
  DAY,
  follower,
  MONDAY,
  myOrders,
  newProduct,
  startProductApp,
} from './follow.support'

/**
 * Model-based test of the follow machine against a real gateway: paths to every state come from
 * the machine (`xstate/graph`); each is driven on the same machine wired to the gateway over HTTP,
 * with a fresh follower and a fresh product. The driver makes the record the path needs: a product
 * not open yet for `unavailable`, no lock-up when a bought order is `following` at once, the clock
 * past the lock-up (locked → following) or past the deadline with the job run (following → ended by
 * itself). After every step the gateway must agree with the machine's state, and the ledger with
 * the order.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startProductApp()
})
afterAll(() => t.stop())

const modelProduct = (phase: Product['phase']) =>
  ({ id: '1', phase, min: '10000', remaining: '1000000' }) as Product
const modelOrder = (state: ProductOrder['state']) =>
  ({ id: '1', state, status: state === 'ended' ? 1 : 0 }) as ProductOrder
const loaded = (order: ProductOrder | null, phase: Product['phase'] = 'open') => ({
  type: 'xstate.done.actor.load',
  output: { product: modelProduct(phase), order, available: '1000000' } satisfies FollowSnapshot,
})
const commands: AnyEventObject[] = [
  { type: 'BUY', money: '20000', fundPassword: FUND_PASSWORD },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'END' },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.buy', output: { id: '1' } },
  { type: 'xstate.done.actor.end', output: { id: '1' } },
]

/**
 * What a load can answer, given what the machine knew: no order before a buy (the product open or
 * not yet); a bought order locked or, without a lock-up, following; a locked one still locked or
 * past its lock-up; a following one still following or ended (by the user, or at the deadline).
 */
function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (!s.matches('loading')) return commands
  const context = s.context as { orderId: string | null; snapshot: FollowSnapshot | null }
  const state = context.snapshot?.order?.state
  if (context.orderId === null) return [loaded(null), loaded(null, 'upcoming')]
  if (state === undefined || state === 'locked') {
    return [loaded(modelOrder('locked')), loaded(modelOrder('following'))]
  }
  if (state === 'following') return [loaded(modelOrder('following')), loaded(modelOrder('ended'))]
  return [loaded(modelOrder('ended'))]
}

// A state is its value and what it knows of the order: the context's fresh keys and drafts would
// make every path a new state.
const paths = getShortestPaths(followMachine, {
  events: events as never,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context as { orderId: string | null }).orderId !== null,
      (s.context as { snapshot: FollowSnapshot | null }).snapshot?.order?.state ?? null,
    ]),
})

const STATES = ['buying', 'unavailable', 'locked', 'following', 'ended'] as const

type Step = { event: AnyEventObject; state: { value: unknown } }
const top = (value: unknown): string =>
  value == null ? '' : typeof value === 'string' ? value : Object.keys(value as object)[0]!

/** What the machine's load reads, over HTTP, as follow.api.ts reads it. */
function live(grant: SessionGrant) {
  const call = async <T>(path: string, form: Record<string, string>) => {
    const answer = await brokerApi(t.url, path, form, session(grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }
  const machine = followMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        const order = input.orderId
          ? await call<ProductOrder & { accruals: ProductAccrual[] }>('/trade/userproductinfo', {
              id: input.orderId,
            })
          : null
        const product = await call<Product>('/trade/productinfo', {
          id: order?.product_id ?? input.productId ?? '',
        })
        const info = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
        return { product, order, available: info.jpy ?? '0' }
      }),
      buy: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/productbuy', {
          id: input.id,
          money: input.money,
          fund_password: input.fundPassword,
          idem: input.idem,
        }),
      ),
      end: fromPromise(({ input }) => call<ProductOrder>('/trade/productend', input)),
    },
    actions: { newIdem: assign({ idem: () => randomUUID() }) },
  })
  return machine
}

async function agrees(grant: SessionGrant, state: string, s: AnyMachineSnapshot) {
  const orders = await myOrders(t, grant)
  const newest = orders[0]
  const books = await booksOf(t, grant.account)
  if (state === 'buying' || state === 'unavailable') {
    expect(orders, state).toEqual([])
    expect(books.product, state).toBe(0n)
  } else {
    expect(newest?.state, state).toBe(state)
    expect(s.context.snapshot?.order?.state, state).toBe(state)
    expect(books.product, state).toBe(state === 'ended' ? 0n : 20_000_0000n)
  }
  await expectLedgerConsistent(t.app.db)
}

describe('follow machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of a follow order', () => {
    const reached = new Set(paths.map((p) => top(p.state.value)))
    for (const state of STATES) expect(reached).toContain(state)
  })

  for (const path of paths) {
    const steps = path.steps as Step[]
    const name = steps
      .map(({ event, state }) => {
        const label = event.type.replace(/^xstate\./, '')
        return event.type === 'xstate.done.actor.load' ? `${label}(${top(state.value)})` : label
      })
      .join(' → ')
    it(name || 'start', async () => {
      t.app.clock.set(MONDAY)
      const grant = await follower(t, `fm${n++}x${Date.now() % 100000}`)
      const loads = steps.filter((x) => x.event.type === 'xstate.done.actor.load')
      const afterBuy = steps.findIndex((x) => x.event.type === 'xstate.done.actor.buy')
      // No lock-up when the order is following as soon as it is bought.
      const lockDays =
        afterBuy >= 0 && top(steps[afterBuy + 1]?.state.value) === 'following' ? 0 : 1
      const product = await newProduct(t, {
        issuer_code: `model-${n}`,
        lock_days: lockDays,
        ...(top(loads[0]?.state.value) === 'unavailable' ? { opens_at: MONDAY + DAY } : {}),
      })
      const actor = createActor(live(grant), { input: { productId: product.id } })
      actor.start()
      try {
        for (const [i, step] of steps.entries()) {
          const target = top(step.state.value)
          const before = top(actor.getSnapshot().value)
          const next = top(steps[i + 1]?.state.value)
          if (step.event.type === 'REFRESH') {
            const order = actor.getSnapshot().context.snapshot?.order
            // The clock makes the record the path reads next: past the lock-up, or the deadline.
            if (before === 'locked' && next === 'following' && order) {
              t.app.clock.set(order.lock_until + 1)
            }
            if (before === 'following' && next === 'ended' && order) {
              t.app.clock.set(order.deadline + DAY)
              await t.app.broker.products.jobs.runOnce()
            }
          }
          if (!step.event.type.startsWith('xstate.')) actor.send(step.event as never)
          await waitFor(actor, (s) => s.matches(step.state.value as never), { timeout: 10_000 })
          // A command in flight (submitting, ending) is checked once it has landed, below.
          if (
            (STATES as readonly string[]).includes(target) &&
            !actor.getSnapshot().hasTag('busy')
          ) {
            await agrees(grant, target, actor.getSnapshot())
          }
        }
        // A path that ends on a command in flight: where it lands must agree too (an end: ended).
        const landed = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 })
        await agrees(grant, top(landed.value), landed)
      } finally {
        actor.stop()
      }
    })
  }
})
