import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { IpoApplication, IpoOffer } from '@kabu/shared/api/ipo'
import type { SessionGrant } from '@kabu/shared/api/user'
import { drawAllocations } from '@kabu/shared/market/ipo-draw'
import { ipoMachine, type IpoEvent } from '../../client/src/features/ipo/ipo.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  DAY,
  HOUR,
  T0,
  applicant,
  createOffer,
  drawNow,
  records,
  startIpoApp,
  subscribe,
  withdrawOffer,
} from './ipo.support'
import { credit } from './trading.support'

/**
 * Model-based test of the IPO machine against a real gateway, as loan-model.test.ts does for loans:
 * the paths to every state come from the machine (`xstate/graph`) and each is driven on the same
 * machine wired to the gateway over HTTP. A path's first load says where the user starts (an offer
 * before, in or after its window; an application awaiting the draw, won, not won, paid, waived, lapsed,
 * failed because the operator withdrew the offer);
 * the driver makes it so, then sends the path's events, runs the draw when the path hears one, and
 * checks after every step that the gateway holds what the machine's state says.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startIpoApp()
})
afterAll(() => t.stop())

type Start = { phase: IpoOffer['phase']; status: IpoApplication['status'] | null }
const load = ({ phase, status }: Start) => ({
  type: 'xstate.done.actor.load',
  output: {
    offer: { id: '1', phase, lot: 100, upper_limit: 300 },
    application: status === null ? null : { id: '1', status },
  },
})
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
const events: AnyEventObject[] = [
  ...STARTS.map(load),
  { type: 'SUBSCRIBE', num: '100' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'PAY' },
  { type: 'WAIVE' },
  { type: 'DRAWN' },
  { type: 'CHANGED' },
  { type: 'xstate.done.actor.subscribe', output: { id: '1' } },
  { type: 'xstate.error.actor.subscribe', error: { msg: 'insufficient_balance' } },
  { type: 'xstate.done.actor.pay', output: { id: '1' } },
  { type: 'xstate.done.actor.waive', output: { id: '1' } },
]
const startOf = (event: AnyEventObject | undefined): Start | null => {
  const output = (event as { output?: { offer?: IpoOffer; application?: IpoApplication | null } })
    ?.output
  if (!output?.offer) return null
  return { phase: output.offer.phase, status: output.application?.status ?? null }
}
const key = (s: Start | null) => (s ? `${s.phase}:${s.status}` : 'none')

/** After these, the next load must read what the gateway then holds. */
const AFTER: Record<string, string[]> = {
  'xstate.done.actor.subscribe': ['subscribing:1'],
  DRAWN: ['ended:2', 'ended:3'],
  'xstate.done.actor.pay': ['ended:4'],
  'xstate.done.actor.waive': ['ended:6'],
}
/**
 * After `CHANGED` (an operator's withdrawal, or the deadline's lapse), by the status the record had
 * before it: awaiting the draw and paid can only fail; won may fail or lapse.
 */
const AFTER_CHANGED: Record<string, string[]> = {
  'subscribing:1': ['subscribing:5'],
  'ended:2': ['ended:5', 'ended:7'],
  'ended:4': ['ended:5'],
}
function feasible(steps: Array<{ event: AnyEventObject }>): boolean {
  return steps.every(({ event }, i) => {
    if (event.type !== 'xstate.done.actor.load' || i <= 1) return true
    const before = steps[i - 1]?.event.type ?? ''
    if (before === 'CHANGED') {
      const loads = steps.slice(0, i - 1).filter((s) => s.event.type === 'xstate.done.actor.load')
      const was = key(startOf(loads.at(-1)?.event))
      return (AFTER_CHANGED[was] ?? []).includes(key(startOf(event)))
    }
    return (AFTER[before] ?? []).includes(key(startOf(event)))
  })
}

// A fixed key while exploring: a fresh one per visit would make every state look new.
const model = ipoMachine.provide({ actions: { newIdem: assign({ idem: 'graph' }) } })
const paths = getShortestPaths(model, { events: events as never }).filter(
  (p) => p.steps.length > 1 && feasible(p.steps),
)
const topState = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as object)[0]

/** What /trade/usernewstocklist says of the user's application in each state. */
const EXPECTED: Record<string, number | null> = {
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

interface Scene {
  grant: SessionGrant
  offer: IpoOffer
}

/** One lot offered to the user and a rival; the draw's seed is chosen so the user wins or not. */
async function drawFor(scene: Scene, win: boolean) {
  t.app.clock.set(T0 + DAY)
  const rows = await records(t, scene.grant)
  const mine = rows.find((r) => r.offer_id === scene.offer.id) as IpoApplication
  const entries = (
    await t.app.db
      .selectFrom('ipo_applications')
      .select(['ref', 'lots'])
      .where('offer_id', '=', BigInt(scene.offer.id))
      .execute()
  ).map((e) => ({ ref: e.ref, lots: Number(e.lots) }))
  for (let i = 0; ; i++) {
    const seed = createHash('sha256').update(`model-${i}`).digest('hex')
    const won = drawAllocations(seed, entries, 1).some((a) => a.ref === mine.ref)
    if (won !== win) continue
    const commitment = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')
    await t.app.db
      .updateTable('ipo_offers')
      .set({ seed, commitment })
      .where('id', '=', BigInt(scene.offer.id))
      .execute()
    break
  }
  expect((await drawNow(t, scene.offer.id)).status).toBe(1)
}

async function startingRecord(first: Start, poor: boolean): Promise<Scene> {
  t.app.clock.set(T0)
  const code = `M${String(n++).padStart(3, '0')}`
  const window =
    first.phase === 'pre'
      ? { subscribe_start: T0 + HOUR }
      : first.phase === 'ended' && first.status === null
        ? { subscribe_start: T0 - 2 * HOUR, subscribe_end: T0 - HOUR }
        : {}
  const offer = await createOffer(t, { code, lots_offered: 1, ...window })
  const grant = await applicant(t, `im${n}x${Date.now() % 100000}`, poor ? '50000' : '1000000')
  const scene = { grant, offer }
  if (first.status === null) return scene
  const rival = await applicant(t, `ir${n}x${Date.now() % 100000}`)
  expect((await subscribe(t, grant, { id: offer.id })).status).toBe(1)
  expect((await subscribe(t, rival, { id: offer.id })).status).toBe(1)
  if (first.status === 1) return scene
  await drawFor(scene, first.status !== 3)
  const id = (await records(t, grant)).find((r) => r.offer_id === offer.id)?.id ?? ''
  const answer = (what: string) =>
    brokerApi(t.url, what, { id, idem: randomUUID() }, session(grant))
  if (first.status === 4) expect((await answer('/trade/newstockPay')).status).toBe(1)
  if (first.status === 6) expect((await answer('/trade/newstockWaive')).status).toBe(1)
  if (first.status === 5) expect((await withdrawOffer(t, offer.id)).status).toBe(1)
  if (first.status === 7) {
    t.app.clock.set(T0 + 3 * DAY + 1)
    await t.app.broker.ipo.jobs.runOnce()
  }
  return scene
}

function live(scene: Scene) {
  const call = async <T>(path: string, form: Record<string, string>) => {
    const answer = await brokerApi(t.url, path, form, session(scene.grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }
  return ipoMachine.provide({
    actors: {
      load: fromPromise(async () => {
        const offer = await brokerData<IpoOffer>(
          t.url,
          '/trade/newstockinfo',
          { id: scene.offer.id },
          session(scene.grant),
        )
        const rows = await records(t, scene.grant)
        return { offer, application: rows.find((r) => r.offer_id === offer.id) ?? null }
      }),
      subscribe: fromPromise(({ input }) => call<{ id: string }>('/trade/subscribe', input)),
      pay: fromPromise(({ input }) => call<{ id: string }>('/trade/newstockPay', input)),
      waive: fromPromise(({ input }) => call<{ id: string }>('/trade/newstockWaive', input)),
    },
    actions: { newIdem: assign({ idem: () => randomUUID() }) },
  })
}

const describePath = (steps: Array<{ event: AnyEventObject }>) =>
  steps
    .map(({ event }) => {
      const name = event.type.replace(/^xstate\./, '')
      return event.type === 'xstate.done.actor.load' ? `${name}(${key(startOf(event))})` : name
    })
    .join(' → ')

describe('IPO machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state the gateway can produce', () => {
    const reached = new Set(paths.map((p) => topState(p.state.value)))
    for (const state of Object.keys(EXPECTED)) expect(reached).toContain(state)
  })

  for (const path of paths) {
    it(describePath(path.steps), async () => {
      const steps = path.steps as Array<{ event: AnyEventObject; state: { value: unknown } }>
      const first = startOf(steps[1]?.event) as Start
      const poor = steps.some((s) => s.event.type === 'xstate.error.actor.subscribe')
      const scene = await startingRecord(first, poor)
      const actor = createActor(live(scene)).start()
      try {
        for (const [i, step] of steps.entries()) {
          const { event } = step
          if (event.type === 'DRAWN') {
            const next = startOf(steps[i + 1]?.event)
            await drawFor(scene, next?.status !== 3)
            actor.send({ type: 'DRAWN' })
          } else if (event.type === 'CHANGED') {
            // Withdrawn by the operator (status 5), or won and left unpaid past the deadline (7).
            if (startOf(steps[i + 1]?.event)?.status === 5) {
              expect((await withdrawOffer(t, scene.offer.id)).status).toBe(1)
            } else {
              t.app.clock.set(T0 + 3 * DAY + 1)
              await t.app.broker.ipo.jobs.runOnce()
            }
            actor.send({ type: 'CHANGED' })
          } else if (
            event.type === 'CONFIRM' &&
            poor &&
            steps[i + 1]?.event.type === 'xstate.done.actor.subscribe'
          ) {
            // Refused for want of cash: the user deposits, then confirms again.
            await credit(t, scene.grant.account, 'JPY', '1000000')
            actor.send({ type: 'CONFIRM' })
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event as IpoEvent)
          }
          await waitFor(actor, (s) => s.matches(step.state.value as never), { timeout: 10_000 })
          const state = topState(step.state.value) as string
          if (!(state in EXPECTED) || actor.getSnapshot().hasTag('busy')) continue
          const row = (await records(t, scene.grant)).find((r) => r.offer_id === scene.offer.id)
          expect(row?.status ?? null, state).toBe(EXPECTED[state])
          await expectLedgerConsistent(t.app.db)
        }
      } finally {
        actor.stop()
        t.app.clock.set(T0)
      }
    })
  }
})
