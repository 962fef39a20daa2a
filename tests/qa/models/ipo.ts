import { randomUUID } from 'node:crypto'
import { assign, fromPromise, type AnyEventObject } from 'xstate'
import type { IpoApplication, IpoOffer } from '@kabu/shared/api/ipo'
import type { Wallet } from '@kabu/shared/api/ledger'
import type { SessionGrant } from '@kabu/shared/api/user'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { ipoMachine } from '../../../client/src/features/ipo/ipo.machine'
import { same, type Kit, type Need, type QaModel } from '../model'
import { describePath } from '../model-paths'
import type { QaStep } from '../paths'
import { caller, inBankWindow } from './live'
import { applicationOf, PRICE, SHARES, startScene, WITHDRAWN_REASON, type Start } from './ipo-scene'

/**
 * New shares (spec §4) on an offer the back office posts for the path: a path's first load says
 * where the user starts (an offer before, in or after its window; an application awaiting the
 * draw, won, paid, waived, lapsed or failed), the kit's operator makes it so, then the path's
 * steps: a draft refused by the panel (a part lot) or by the gateway (no yen), a subscription
 * confirmed, the draw (the clock past the window, `POST /api/ops/ipo/:id/draw`), the win paid or
 * waived, left to lapse past the deadline, or the offer withdrawn. Each state is checked against
 * the user's application and the yen frozen. A lost draw (notWon) is a path's start: two of the
 * kit's users apply for the offer's one lot, the draw (its seed the gateway's secret) gives it to
 * one of them, and the path follows the one the gateway says lost. Mid-path, the kit's user alone
 * in its draw always wins: the kit cannot choose the loser. Not reached: loadFailed.
 */

const FUNDED = '1000000'
const LOAD = 'xstate.done.actor.load'
const STARTS: Start[] = [
  { phase: 'pre', status: null },
  { phase: 'subscribing', status: null },
  { phase: 'ended', status: null },
  { phase: 'subscribing', status: 1 },
  { phase: 'ended', status: 2 },
  { phase: 'ended', status: 3 },
  { phase: 'ended', status: 4 },
  { phase: 'ended', status: 6 },
  { phase: 'ended', status: 7 },
  { phase: 'ended', status: 5 },
]
const load = ({ phase, status }: Start) => ({
  type: LOAD,
  output: {
    offer: { id: '1', phase, lot: 100, upper_limit: 300, withdrawn_at: null },
    application: status === null ? null : { id: '1', status },
  },
})
const startOf = (event: AnyEventObject | undefined): Start | null => {
  const output = event?.type === LOAD ? (event.output as ReturnType<typeof load>['output']) : null
  return output ? { phase: output.offer.phase, status: output.application?.status ?? null } : null
}
const key = (s: Start | null) => (s ? `${s.phase}:${s.status}` : 'none')

/** What the next load finds after each event that reloads (REFRESH: the same as before). */
const AFTER: Record<string, string[]> = {
  'xstate.done.actor.subscribe': ['subscribing:1'],
  DRAWN: ['ended:2'],
  'xstate.done.actor.pay': ['ended:4'],
  'xstate.done.actor.waive': ['ended:6'],
}
/** After CHANGED, by the status before: withdrawn by the operator (5), or lapsed (7). */
const AFTER_CHANGED: Record<string, string[]> = {
  'subscribing:1': ['ended:5'],
  'ended:2': ['ended:5', 'ended:7'],
  'ended:4': ['ended:5'],
}

/** Keeps the paths the gateway can produce: each load follows from the event before it. */
function feasible(steps: QaStep[]): boolean {
  let last: string | null = null
  let cause: string | null = null
  for (const [i, { event }] of steps.entries()) {
    if (event.type === 'xstate.error.actor.subscribe' && i !== steps.length - 1) return false
    // While a call is under way the user's next step waits for it: the kit cannot time a race.
    if (i > 0 && steps[i - 1]!.state.hasTag('busy') && !event.type.startsWith('xstate.'))
      return false
    if (event.type !== LOAD) {
      if (event.type in AFTER || event.type === 'CHANGED' || event.type === 'REFRESH')
        cause = event.type
      continue
    }
    const now = key(startOf(event))
    if (last !== null) {
      const allowed: string[] | undefined =
        cause === 'REFRESH' ? [last] : cause === 'CHANGED' ? AFTER_CHANGED[last] : AFTER[cause!]
      if (!allowed?.includes(now)) return false
    }
    ;[last, cause] = [now, null]
  }
  return true
}

const loads = (steps: QaStep[]) => steps.map((s) => startOf(s.event)).filter((s) => s !== null)
const lapses = (steps: QaStep[]) => loads(steps).some((s) => s.status === 7)
/** The path's first load: where the user starts. */
const firstOf = (steps: QaStep[]) => loads(steps)[0] ?? STARTS[1]!

/** What /trade/usernewstocklist says of the application in each state (null: none). */
const STATUS_OF: Record<string, number | null> = {
  pendingSubscription: null,
  subscribing: null,
  ended: null,
  awaitingDraw: 1,
  won: 2,
  notWon: 3,
  paymentSuccess: 4,
  subscriptionFailure: 5,
  waived: 6,
  lapsed: 7,
}
const PHASE_OF: Record<string, string> = {
  pendingSubscription: 'pre',
  subscribing: 'subscribing',
  ended: 'ended',
}
const COST = formatUnits(parseUnits(PRICE)! * BigInt(SHARES))
const minus = (a: string, b: string) => formatUnits(parseUnits(a)! - parseUnits(b)!)

/**
 * Of two applicants for one lot, the one the draw left without: what the gateway says of each
 * (one won, one lost, or the setup fails: the kit never assumes the outcome).
 */
async function loserOf(kit: Kit, grants: SessionGrant[], offerId: string): Promise<SessionGrant> {
  const statuses = await Promise.all(
    grants.map(async (g) => (await applicationOf(kit, g, offerId))?.status ?? null),
  )
  same([...statuses].sort(), [2, 3], 'the draw of one lot between two applicants: won, lost')
  return grants[statuses.indexOf(3)]!
}

export const ipoModel: QaModel = {
  name: 'ipo',
  source: 'client/src/features/ipo/ipo.machine.ts',
  // A fixed key while the graph explores: a fresh one per visit would make every state new.
  machine: ipoMachine.provide({ actions: { newIdem: assign({ idem: 'graph' }) } }),
  events: [
    ...STARTS.map(load),
    { type: 'SUBSCRIBE', num: SHARES },
    { type: 'SUBSCRIBE', num: '150' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'PAY' },
    { type: 'WAIVE' },
    { type: 'DRAWN' },
    { type: 'CHANGED' },
    { type: 'REFRESH' },
    { type: 'xstate.done.actor.subscribe', output: { id: '1' } },
    { type: 'xstate.error.actor.subscribe', error: { msg: 'insufficient_balance' } },
    { type: 'xstate.done.actor.pay', output: { id: '1' } },
    { type: 'xstate.done.actor.waive', output: { id: '1' } },
  ],
  describe: (steps) =>
    describePath({
      steps: steps.map(({ event }) => ({
        event:
          event.type === LOAD
            ? { type: `load(${key(startOf(event))})` }
            : event.type === 'SUBSCRIBE'
              ? { type: `SUBSCRIBE(${String(event.num)})` }
              : event,
      })),
    }),
  keep: feasible,
  // The offer, the identity and the funding are the back office's; a draw waits for the window's
  // close and a lapse for the deadline, which only a moved clock brings within a path.
  needs(steps) {
    const first = firstOf(steps).status
    const clock =
      [2, 3, 4, 6, 7].includes(first ?? 0) ||
      steps.some((s) => s.event.type === 'DRAWN') ||
      lapses(steps)
    return (clock ? ['ops', 'clock'] : ['ops']) satisfies Need[]
  },
  async start(kit, steps) {
    const { target, accounts } = kit
    // A path refused for want of yen is one of a user who has none.
    const funded = !steps.some((s) => s.event.type === 'xstate.error.actor.subscribe')
    const applicant = async () => {
      const grant = await accounts.fresh()
      await accounts.verify(grant)
      if (funded) {
        await inBankWindow(kit, 'deposit_window')
        await accounts.fund(grant, FUNDED)
      }
      return grant
    }
    const first = firstOf(steps)
    const user = await applicant()
    // A lost draw: a second of the kit's users applies for the one lot too.
    const rival = first.status === 3 ? await applicant() : undefined
    const scene = await startScene(kit, user, first, rival)
    const grant = rival ? await loserOf(kit, [user, rival], scene.offer.id) : user
    const call = caller(target, grant)
    const offerId = scene.offer.id
    return {
      grant,
      machine: ipoMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            offer: await call<IpoOffer>('/trade/newstockinfo', { id: offerId }),
            application: (await applicationOf(kit, grant, offerId)) ?? null,
          })),
          subscribe: fromPromise(({ input }) => call<{ id: string }>('/trade/subscribe', input)),
          pay: fromPromise(({ input }) => call<{ id: string }>('/trade/newstockPay', input)),
          waive: fromPromise(({ input }) => call<{ id: string }>('/trade/newstockWaive', input)),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { steps: all, index }) {
        if (event.type === 'DRAWN') await scene.draw()
        if (event.type === 'CHANGED') {
          const next = loads(all.slice(index + 1))[0]
          if (next?.status === 7) await scene.lapse()
          else await scene.withdraw()
        }
        return false
      },
      async agrees(state, snapshot) {
        const top = state.split('.')[0]!
        // A call under way may have landed already: its state says nothing yet.
        if (!(top in STATUS_OF) || snapshot.hasTag('busy')) return
        const row: IpoApplication | undefined = await applicationOf(kit, grant, offerId)
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        same(row?.status ?? null, STATUS_OF[top], `${state}: the application`)
        if (top in PHASE_OF) {
          const offer = await call<IpoOffer>('/trade/newstockinfo', { id: offerId })
          same(offer.phase, PHASE_OF[top], `${state}: the offer's phase`)
        }
        const cash = funded ? FUNDED : '0'
        // Frozen while awaiting the draw; returned at it (winners pay by the deadline, IPO_PAYMENT=on_win).
        const frozen = top === 'awaitingDraw' ? COST : '0'
        const available = top === 'paymentSuccess' ? minus(cash, COST) : minus(cash, frozen)
        same([yen?.frozen, yen?.available], [frozen, available], `${state}: yen frozen, available`)
        if (top === 'won') same([row?.won_num, row?.pay_amount], [100, COST], 'won: shares, to pay')
        if (top === 'notWon') same(row?.won_num, 0, 'notWon: shares won')
        if (top === 'subscriptionFailure') same(row?.reason, WITHDRAWN_REASON, 'failed: the reason')
      },
    }
  },
}
