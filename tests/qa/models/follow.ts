import { randomUUID } from 'node:crypto'
import { assign, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import type { Product, ProductAccrual, ProductOrder } from '@kabu/shared/api/follow'
import type { Wallet } from '@kabu/shared/api/ledger'
import {
  followMachine,
  type FollowContext,
  type FollowSnapshot,
} from '../../../client/src/features/follow/follow.machine'
import { FUND_PASSWORD } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import { caller, verifiedWithYen } from './live'

/**
 * A follow order (spec §4) for a user with 100,000 yen, on a product the back office creates for
 * the path (`POST /api/ops/products`): not open yet (unavailable), or open and bought → locked
 * (a day's lock-up) or following at once (none) → ended by the user. The user's orders on that
 * product, the order the screen shows and the yen left are checked in each state.
 */

const FUNDED = '100000'
const MONEY = '20000'
const DAY = 86_400_000

const modelProduct = (phase: Product['phase']) =>
  ({ id: '1', phase, min: '10000', remaining: '1000000' }) as Product
const modelOrder = (state: ProductOrder['state']) =>
  ({ id: '1', state, status: state === 'ended' ? 1 : 0 }) as ProductOrder
const LOAD = 'xstate.done.actor.load'
const ENDED = 'xstate.done.actor.end'
const loaded = (order: ProductOrder | null, phase: Product['phase'] = 'open') => ({
  type: LOAD,
  output: { product: modelProduct(phase), order, available: '1000000' } satisfies FollowSnapshot,
})
const commands: AnyEventObject[] = [
  { type: 'BUY', money: MONEY, fundPassword: FUND_PASSWORD },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'END' },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.buy', output: { id: '1' } },
  { type: 'xstate.done.actor.end', output: { id: '1' } },
]

/** What a load can answer given what the machine knew (as tests/api/follow-model.test.ts). */
function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (!s.matches('loading')) return commands
  const context = s.context as FollowContext
  const state = context.snapshot?.order?.state
  if (context.orderId === null) return [loaded(null), loaded(null, 'upcoming')]
  if (state === undefined || state === 'locked')
    return [loaded(modelOrder('locked')), loaded(modelOrder('following'))]
  if (state === 'following') return [loaded(modelOrder('following')), loaded(modelOrder('ended'))]
  return [loaded(modelOrder('ended'))]
}

const orderState = (e: AnyEventObject) => (e.output as FollowSnapshot | undefined)?.order?.state
const top = (name: string) => name.split('.')[0]!

export const followModel: QaModel = {
  name: 'follow',
  source: 'client/src/features/follow/follow.machine.ts',
  machine: followMachine,
  events,
  // The load right after an end is a state of its own: only there may the order read ended.
  serializeState: (s, event) =>
    JSON.stringify([
      s.value,
      (s.context as FollowContext).orderId !== null,
      (s.context as FollowContext).snapshot?.order?.state ?? null,
      s.matches('loading') && (event as AnyEventObject | undefined)?.type === ENDED,
    ]),
  // The deadline's job ends an order only days later: here an order ends when its user ends it,
  // and the load after an end reads it ended.
  keep: (steps) =>
    steps.every(
      (s, i) =>
        s.event.type !== LOAD ||
        (orderState(s.event) === 'ended') === (steps[i - 1]?.event.type === ENDED),
    ),
  // The product, the funding and the fund password's identity go through the back office.
  needs: needsOf(['ops']),
  async start(kit, steps) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    const firstLoad = steps.find((s) => s.event.type === LOAD)?.event
    const bought = steps.findIndex((s) => s.event.type === 'xstate.done.actor.buy')
    const lockUp =
      bought >= 0 && orderState(steps[bought + 1]?.event ?? { type: '' }) === 'following' ? 0 : 1
    const { now } = await target.ops<{ now: string }>('GET', '/clock')
    const at = Date.parse(now)
    const product = await target.ops<Product>('POST', '/products', {
      type: 'jpy',
      issuer_code: `qa-${grant.account}`.toLowerCase().slice(0, 32),
      issuer: 'QA kit',
      name: { ja: 'QA戦略', zh: 'QA策略', en: 'QA strategy' },
      daily_rate: '0.001',
      min: '10000',
      capacity: '1000000',
      lock_days: lockUp,
      deadline: at + 20 * DAY,
      ...((firstLoad?.output as FollowSnapshot | undefined)?.product.phase === 'upcoming'
        ? { opens_at: at + 5 * DAY }
        : {}),
    })
    const orders = () => call<ProductOrder[]>('/trade/userproductlist', { type: 'jpy' })
    return {
      grant,
      machine: followMachine.provide({
        actors: {
          load: fromPromise(async ({ input }) => {
            const order = input.orderId
              ? await call<ProductOrder & { accruals: ProductAccrual[] }>(
                  '/trade/userproductinfo',
                  { id: input.orderId },
                )
              : null
            const shown = await call<Product>('/trade/productinfo', {
              // The screen opened on the path's product (the kit starts the machine without input).
              id: order?.product_id ?? input.productId ?? product.id,
            })
            const info = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
            return { product: shown, order, available: info.jpy ?? '0' }
          }),
          buy: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/productbuy', {
              id: input.id,
              money: input.money,
              fund_password: input.fundPassword,
              idem: input.idem,
            }),
          ),
          end: fromPromise(({ input }) => call<{ id: string }>('/trade/productend', input)),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async agrees(state, snapshot) {
        const name = top(state)
        if (name === 'loading' || name === 'routing' || snapshot.hasTag('busy')) return
        const rows = (await orders()).filter((o) => o.product_id === product.id)
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        if (name === 'buying' || name === 'unavailable') {
          same([rows.length, yen?.available], [0, FUNDED], `${name}: orders, yen`)
          return
        }
        same(rows[0]?.state, name, `${name}: the order's state`)
        same((snapshot.context as FollowContext).snapshot?.order?.state, name, 'the order shown')
        if (name !== 'ended')
          same(yen?.available, String(Number(FUNDED) - Number(MONEY)), `${name}: yen left`)
      },
    }
  },
}
