import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { DaytradeDetail } from '@kabu/shared/api/daytrade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { localDate, nextTradingDay, sessionsOf } from '@kabu/shared/market/sessions'
import {
  daytradeMachine,
  type DaytradeEvent,
  type DaytradeSnapshot,
} from '../../client/src/features/daytrade/daytrade.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  applyDaytrade,
  approveDaytrade,
  daytradeList,
  dayTrader,
  rejectDaytrade,
  startDaytradeApp,
} from './daytrade.support'
import { advance, TOYOTA } from './trading.support'

/**
 * Model-based test of the day-trading machine against a real gateway on real sessions: paths to
 * every state come from the machine (`xstate/graph`); each is driven on the same machine wired to
 * the gateway over HTTP, for a fresh user on a fresh Tokyo trading day (the clock starts 30 minutes
 * before its open). What a path's load is to find (spec §4: submitted, applied, trading, traded,
 * failed) the driver makes true first, as the world would: the operator approves before the open
 * (applied) or after it (trading), or rejects (failed); the clock passes the open (trading) or the
 * close, where the job's forced flat settles it (traded). After every step the gateway agrees.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startDaytradeApp({ MARKET_HOURS: 'real' })
})
afterAll(() => t.stop())

const model = (status: DaytradeDetail['status'] | null): DaytradeSnapshot => ({
  current:
    status === null
      ? null
      : ({ id: '1', status, positions: [], fills: [] } as unknown as DaytradeDetail),
  available: '10000000',
})
const load = (status: DaytradeDetail['status'] | null) => ({
  type: 'xstate.done.actor.load',
  output: model(status),
})
const events: AnyEventObject[] = [
  load(null),
  load(0),
  load(1),
  load(2),
  load(3),
  load(4),
  { type: 'APPLY', money: '1000000' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.apply', output: { id: '1' } },
  { type: 'ORDER', code: TOYOTA, side: 'sell', num: '100', price: '' },
  { type: 'xstate.done.actor.order', output: { id: '1' } },
  { type: 'RELOAD' },
  { type: 'NEW' },
]

type Step = { event: AnyEventObject; state: { value: unknown } }
const statusOfLoad = (e: AnyEventObject) => (e.output as DaytradeSnapshot).current?.status ?? null

/** What the gateway can answer next after a load found `prev` (null: none yet). */
const NEXT: Record<string, (number | null)[]> = {
  none: [null, 0, 1, 2, 3, 4],
  0: [0, 1, 2, 3, 4],
  4: [4, 1, 2],
  1: [1, 2],
  2: [2],
  3: [3],
}

/**
 * The graph tries every load answer in every state; the world cannot give them all (a trading
 * participation does not turn back into a submitted one). A path is kept when each load answer
 * can follow the one before, and a load after an application finds it submitted.
 */
function feasible(steps: Step[]): boolean {
  let prev: number | null = null
  let started = false
  let applied = false
  for (const { event } of steps) {
    if (event.type === 'xstate.done.actor.apply') applied = true
    if (event.type !== 'xstate.done.actor.load') continue
    const next = statusOfLoad(event)
    if (applied) {
      if (next !== 0) return false
    } else if (started && !NEXT[String(prev ?? 'none')]!.includes(next)) return false
    prev = next
    started = true
    applied = false
  }
  return true
}

const paths = getShortestPaths(daytradeMachine, { events: events as never }).filter((p) =>
  feasible(p.steps as Step[]),
)

/** The newest participation's status each state stands for (null: none, or not asserted). */
const EXPECTED: Record<string, number | null | undefined> = {
  none: null,
  submitted: 0,
  trading: 1,
  confirmingOrder: 1,
  traded: 2,
  failed: 3,
  applied: 4,
}

/** A fresh Tokyo trading day after the clock's date: the clock set 30 minutes before its open. */
async function freshDay() {
  const sessions = sessionsOf('jp', nextTradingDay('jp', localDate('jp', t.app.clock.now())))
  const day = { open: sessions[0]!.open, close: sessions[sessions.length - 1]!.close }
  t.app.clock.set(day.open - 30 * 60_000)
  await advance(t, 0)
  return day
}

function driver(grant: SessionGrant, day: { open: number; close: number }) {
  const newest = async () => (await daytradeList(t, grant))[0]
  const moveTo = async (at: number) => {
    if (t.app.clock.now() < at) t.app.clock.set(at)
    await advance(t, 0)
    await t.app.broker.daytrade.jobs.runOnce()
  }
  const ok = (answer: { status?: number; msg?: string }) => {
    if (answer.status !== 1) throw new Error(`refused: ${answer.msg}`)
  }
  /** Makes the user's newest participation be in `want` (null: none at all). */
  async function bringTo(want: number | null): Promise<void> {
    const p = await newest()
    const s = p?.status ?? null
    if (s === want) return
    if (want === null) throw new Error(`a participation exists (${s})`)
    if (s === null || s === 2 || s === 3) {
      ok(await applyDaytrade(t, grant))
      return bringTo(want)
    }
    if (want === 3 && s === 0) return ok(await rejectDaytrade(t, p!.id))
    if (want === 4 && s === 0) return ok(await approveDaytrade(t, p!.id))
    if (want === 1 || want === 2) {
      if (s === 0) {
        if (want === 1) await moveTo(day.open + 10 * 60_000)
        ok(await approveDaytrade(t, p!.id))
        return bringTo(want)
      }
      if (want === 1 && s === 4) return moveTo(day.open + 10 * 60_000)
      if (want === 2) return moveTo(day.close + 1)
    }
    throw new Error(`cannot bring ${s} to ${want}`)
  }
  return { bringTo }
}

function live(
  grant: SessionGrant,
  expectedLoads: (number | null)[],
  bringTo: (s: number | null) => Promise<void>,
) {
  const call = async <T>(path: string, form: Record<string, string>) => {
    const answer = await brokerApi(t.url, path, form, session(grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }
  return daytradeMachine.provide({
    actors: {
      load: fromPromise(async () => {
        // A path that ends in `loading` has no answer to find: the load waits, as a slow one would.
        if (expectedLoads.length === 0) await new Promise(() => undefined)
        await bringTo(expectedLoads.shift()!)
        const list = await brokerData<{ id: string }[]>(
          t.url,
          '/trade/daytradelist',
          { type: 'jpy' },
          session(grant),
        )
        const info = await brokerData<Record<string, string>>(
          t.url,
          '/user/getUserinfo',
          { type: 'jpy' },
          session(grant),
        )
        return {
          current: list[0]
            ? await brokerData<DaytradeDetail>(
                t.url,
                '/trade/daytradeinfo',
                { id: list[0].id },
                session(grant),
              )
            : null,
          available: info.jpy ?? '0',
        }
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
          idem: input.idem,
        }),
      ),
      // The driver sends RELOAD where the path says; nothing else wakes the machine.
      watch: fromCallback(() => () => undefined),
    },
    actions: {
      newApplyIdem: assign({ applyIdem: () => randomUUID() }),
      newOrderIdem: assign({ orderIdem: () => randomUUID() }),
    },
  })
}

describe('daytrade machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of an intraday participation', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    for (const state of Object.keys(EXPECTED)) expect(reached).toContain(state)
  })

  for (const path of paths) {
    const name = path.steps
      .map(({ event }) => {
        const e = event as AnyEventObject
        const status = (e.output as DaytradeSnapshot | undefined)?.current?.status
        return (
          e.type.replace(/^xstate\.done\.actor\./, 'done:') +
          (e.type.endsWith('load') ? `(${status ?? 'none'})` : '')
        )
      })
      .join(' → ')
    it(
      name || 'start',
      async () => {
        const grant = await dayTrader(t, `dtmodel${n++}x${Date.now() % 10000}`)
        const day = await freshDay()
        const steps = path.steps as Step[]
        const loads = steps
          .filter((s) => s.event.type === 'xstate.done.actor.load')
          .map((s) => statusOfLoad(s.event))
        const { bringTo } = driver(grant, day)
        const actor = createActor(live(grant, loads, bringTo))
        // Every state the actor passes through, so a step whose state the actor has already left
        // (a call answered while the previous step was being checked) is still seen.
        const seen: string[] = [String(actor.getSnapshot().value)]
        actor.subscribe((s) => {
          if (seen[seen.length - 1] !== String(s.value)) seen.push(String(s.value))
        })
        actor.start()
        let cursor = 0
        const reached = async (target: string) => {
          for (const until = Date.now() + 20_000; ;) {
            const at = seen.indexOf(target, cursor)
            if (at >= 0) return void (cursor = at + 1)
            if (Date.now() > until) throw new Error(`never reached ${target}: ${seen.join(' → ')}`)
            await new Promise((resolve) => setTimeout(resolve, 20))
          }
        }
        try {
          for (const step of steps) {
            const target = String(step.state.value)
            if (!step.event.type.startsWith('xstate.')) actor.send(step.event as DaytradeEvent)
            await reached(target)
            const want = EXPECTED[target]
            if (want !== undefined) {
              const newest = (await daytradeList(t, grant))[0]
              expect(newest?.status ?? null, target).toBe(
                target === 'none' && newest && newest.status !== 0 ? newest.status : want,
              )
            }
            await expectLedgerConsistent(t.app.db)
          }
        } finally {
          actor.stop()
        }
        // Generous: a path is a few seconds alone, several times that on 2 cores shared by a full run.
      },
      60_000,
    )
  }
})
