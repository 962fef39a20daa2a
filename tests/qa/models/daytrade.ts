import { randomUUID } from 'node:crypto'
import {
  assign,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate'
import type { DaytradeDetail, DaytradeParticipation } from '@kabu/shared/api/daytrade'
import type { Wallet } from '@kabu/shared/api/ledger'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import {
  daytradeMachine,
  type DaytradeContext,
  type DaytradeEvent,
  type DaytradeSnapshot,
} from '../../../client/src/features/daytrade/daytrade.machine'
import { daytradeChanged$ } from '../../../client/src/features/daytrade/daytrade-watch'
import { same, type QaModel } from '../model'
import { describePath } from '../model-paths'
import type { QaStep } from '../paths'
import { caller, moveClockTo, userEventsOn, verifiedWithYen } from './live'
import { CODE } from './order-market'

/**
 * Day trading (spec §4) on the yen market by a verified user with yen: nothing yet, an application
 * confirmed (its funds frozen), submitted for review; the back office approves (trading: one lot
 * of Toyota bought at the market through the ticket) or rejects (failed, the funds returned); the
 * clock moved past the day's close, where the job's forced flat settles it (traded); a new
 * application after either. The machine's own watch (the `/user` socket's decision and
 * settlement, its poll) reloads it. Each state is checked against the newest participation, its
 * position and the yen. Not reached: applied (approved before the day opens: a gateway whose
 * market never closes, MARKET_HOURS=always, trades at once), loadFailed.
 */

const FUNDED = '3000000'
const MONEY = '1000000'
const LOAD = 'xstate.done.actor.load'
const REJECTED = 'limit exceeded'

const load = (status: number | null) => ({
  type: LOAD,
  output: {
    current: status === null ? null : { id: '1', status, positions: [], fills: [] },
    available: FUNDED,
  },
})
const statusOfLoad = (e: AnyEventObject) => (e.output as DaytradeSnapshot).current?.status ?? null
/**
 * What a load can find, by what the one before found: a fresh user has none; an application sent
 * (from the form, after none or a settled one) is submitted; the watch's reload of a submitted one
 * finds it decided or not yet, of a trading one settled or not yet (an order placed: still trading).
 */
const NEXT: Record<string, (number | null)[]> = {
  none: [0],
  '0': [0, 1, 3],
  '1': [1, 2],
  '2': [0],
  '3': [0],
}
const OTHERS: AnyEventObject[] = [
  { type: 'APPLY', money: MONEY },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.apply', output: { id: '1' } },
  { type: 'ORDER', code: CODE, side: 'buy', num: '100', price: '' },
  { type: 'xstate.done.actor.order', output: { id: '1' } },
  { type: 'RELOAD' },
  { type: 'NEW' },
]
function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (!s.matches('loading')) return OTHERS
  const before = (s.context as DaytradeContext).snapshot
  if (before === null) return [load(null)]
  return NEXT[String(before.current?.status ?? 'none')]!.map(load)
}

const loadsAfter = (steps: QaStep[], i: number) =>
  steps
    .slice(i + 1)
    .filter((s) => s.event.type === LOAD)
    .map((s) => statusOfLoad(s.event))
const settles = (steps: QaStep[]) =>
  steps.some((s) => s.event.type === LOAD && statusOfLoad(s.event) === 2)
const minus = (a: string, b: string) => formatUnits(parseUnits(a)! - parseUnits(b)!)

/** The newest participation's status each state stands for (the form's states: none open). */
const STATUS_OF: Record<string, number | null> = {
  submitted: 0,
  trading: 1,
  confirmingOrder: 1,
  traded: 2,
  failed: 3,
}

export const daytradeModel: QaModel = {
  name: 'daytrade',
  source: 'client/src/features/daytrade/daytrade.machine.ts',
  machine: daytradeMachine,
  events,
  describe: (steps) =>
    describePath({
      steps: steps.map(({ event }) => ({
        event: event.type === LOAD ? { type: `load(${statusOfLoad(event) ?? 'none'})` } : event,
      })),
    }),
  // While a call is under way the user's next step waits for it: the kit cannot time a race.
  keep: (steps) =>
    steps.every(
      ({ event }, i) =>
        i === 0 || !steps[i - 1]!.state.hasTag('busy') || event.type.startsWith('xstate.'),
    ),
  // The identity, the funding and the decisions are the back office's; the settlement comes at
  // the day's close, which only a moved clock brings within a path.
  needs: (steps) => (settles(steps) ? ['ops', 'clock'] : ['ops']),
  async start(kit) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    const newest = async () =>
      (await call<DaytradeParticipation[]>('/trade/daytradelist', { type: 'jpy' }))[0]
    const detail = (id: string) => call<DaytradeDetail>('/trade/daytradeinfo', { id })
    const events$ = userEventsOn(target, grant)
    return {
      grant,
      machine: daytradeMachine.provide({
        actors: {
          load: fromPromise(async () => {
            const info = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
            const head = await newest()
            return { current: head ? await detail(head.id) : null, available: info.jpy ?? '0' }
          }),
          apply: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/daytradeApply', { type: 'jpy', ...input }),
          ),
          order: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/daytradeOrder', {
              id: input.id,
              code: input.code,
              side: input.side,
              num: input.num,
              price: input.price || undefined,
              idem: input.idem,
            }),
          ),
          watch: fromCallback<DaytradeEvent, { id: string | null }>(({ sendBack }) => {
            const watch = daytradeChanged$(events$).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: {
          newApplyIdem: assign({ applyIdem: () => randomUUID() }),
          newOrderIdem: assign({ orderIdem: () => randomUUID() }),
        },
      }),
      // RELOAD is the machine's watch's (the socket's decision or settlement, or its poll): the
      // kit makes the change happen and leaves the reload to the watch. It is a step of its own,
      // not an automatic one: the poll reloads by itself, and the change must come first.
      async act(event, { steps: all, index }) {
        if (event.type !== 'RELOAD') return false
        const head = await newest()
        const next = loadsAfter(all, index)[0]
        if (!head || next === head.status) return true
        if (next === 3)
          await target.ops('POST', `/reviews/daytrade/${head.id}/reject`, { reason: REJECTED })
        if (next === 1) {
          await target.ops('POST', `/reviews/daytrade/${head.id}/approve`)
          // A market that keeps real hours approves before its open as applied: the clock opens it.
          const approved = await detail(head.id)
          if (approved.status === 4 && kit.powers.clock && approved.opens_at)
            await moveClockTo(kit, approved.opens_at + 60_000)
        }
        if (next === 2 && head.closes_at) await moveClockTo(kit, head.closes_at + 1_000)
        return true
      },
      async agrees(state) {
        if (state === 'loading' || state === 'applying' || state === 'ordering') return
        const head = await newest()
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        if (state in STATUS_OF) same(head?.status, STATUS_OF[state], `${state}: the participation`)
        else {
          // The form: nothing open (none yet, or a settled or failed one before NEW).
          const open = head !== undefined && [0, 1, 4].includes(head.status)
          same(open, false, `${state}: a participation open`)
        }
        if (state === 'submitted') same(yen?.frozen, MONEY, 'submitted: yen frozen')
        if (state === 'failed')
          same([head?.reason, yen?.frozen, yen?.available], [REJECTED, '0', FUNDED], 'failed')
        if (state === 'trading' && head) {
          const { fills, positions } = await detail(head.id)
          const bought = fills.filter((f) => !f.forced).length
          const held = positions.find((p) => p.code === CODE)?.qty ?? 0
          same(held, bought * 100, 'trading: the position')
        }
        if (state === 'traded') {
          const returned = head?.returned ?? '0'
          same(
            [head?.balance, yen?.frozen, yen?.available],
            [null, '0', formatUnits(parseUnits(minus(FUNDED, MONEY))! + parseUnits(returned)!)],
            'traded: book closed, yen',
          )
        }
      },
    }
  },
}
