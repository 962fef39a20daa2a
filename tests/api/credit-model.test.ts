import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorRef,
  type AnyEventObject,
  type StateValue,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { UserEvent } from '@kabu/shared/realtime'
import { creditJobsAt } from '../support/credit-jobs'
import { creditMachine, type CreditEvent } from '../../client/src/features/position/credit.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { ops } from './funds.support'
import { buy, MINUTE, sell, startTradingApp, trader, userIdOf } from './trading.support'
import { pollGateway } from '../support/poll'

/**
 * Model-based test of the credit machine against a real gateway: paths to every state come from
 * the machine (`xstate/graph`), each driven with a fresh credit buyer on the same machine wired to
 * the gateway. Trust funds go over HTTP and the operator decides them; the market's moves are the
 * app's credit job run with a price the test sets (a fall calls, a recovery lifts, an unmet call
 * past its deadline liquidates); a close is the user's own sale. After every step the gateway must
 * agree with the state.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startTradingApp({ REVIEW_POLICY: 'manual', CREDIT_JOB_MS: '3600000' })
})
afterAll(() => t.stop())

const DAY = 86_400_000
const events: AnyEventObject[] = [
  { type: 'ADD', credit: '10000' },
  { type: 'ADD', credit: '0' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: 'R' } },
  { type: 'VERDICT', requestId: 'R', status: 'approved' },
  { type: 'VERDICT', requestId: 'R', status: 'rejected', reason: 'declined' },
  { type: 'CALLED', deadline: 1 },
  { type: 'MET' },
  { type: 'LIQUIDATED' },
  { type: 'CLOSED' },
]
const model = creditMachine.provide({
  actions: { newIdem: assign({ idem: () => 'k' }) },
})
// One path per state of the two regions (the context's amounts and ids are not states).
const paths = getShortestPaths(model, {
  events: events as never,
  input: { id: '1', deadline: null, ended: false },
  serializeState: (s) => JSON.stringify(s.value),
})

interface Trial {
  grant: SessionGrant
  id: string
  userId: bigint
  /** The price the credit job reads (the real quote's otherwise). */
  price: number | null
  actor: AnyActorRef | null
}

function jobsFor(trial: Trial) {
  return creditJobsAt(
    t.app,
    (quote) => trial.price ?? quote.price,
    (user: bigint, e: UserEvent) => {
      if (user !== trial.userId || e.type !== 'credit:call') return
      if (e.status === 'called') trial.actor?.send({ type: 'CALLED', deadline: e.deadline ?? 0 })
      else trial.actor?.send({ type: e.status === 'met' ? 'MET' : 'LIQUIDATED' })
    },
  )
}

const requests = (trial: Trial) =>
  brokerData<WireCreditRequest[]>(
    t.url,
    '/trade/ustockslist',
    { type: 'jpy' },
    session(trial.grant),
  )

function live(trial: Trial) {
  return creditMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        const answer = await brokerApi(t.url, '/trade/ustocks', input, session(trial.grant))
        if (answer.status !== 1) throw { msg: answer.msg }
        return answer.data as { id: string }
      }),
      // Verdicts read from the gateway's list, as often as a screen would hear them pushed.
      watch: fromCallback<CreditEvent, { id: string }>(({ sendBack }) => {
        const told = new Set<string>()
        return pollGateway(
          () => requests(trial),
          (rows) => {
            for (const r of rows) {
              if (r.status === 0 || told.has(r.id)) continue
              told.add(r.id)
              sendBack({
                type: 'VERDICT',
                requestId: r.id,
                status: r.status === 1 ? 'approved' : 'rejected',
                ...(r.reason ? { reason: r.reason } : {}),
              })
            }
          },
        )
      }),
    },
    actions: { newIdem: assign({ idem: () => randomUUID() }) },
  })
}

async function agrees(trial: Trial, value: { position: string; trustFunds: string }) {
  const row = await t.app.db
    .selectFrom('holdings')
    .select(['status', 'call_deadline', 'credit_debt'])
    .where('id', '=', BigInt(trial.id))
    .executeTakeFirstOrThrow()
  const ended = value.position === 'liquidated' || value.position === 'closed'
  expect(row.status === 4n, value.position).toBe(ended)
  if (!ended) expect(row.call_deadline !== null, value.position).toBe(value.position === 'called')
  const newest = (await requests(trial))[0]
  const expected: Record<string, number | null | undefined> = {
    pending: 0,
    applied: 1,
    rejected: 2,
  }
  // Submitting: the request may or may not have been written yet.
  if (value.trustFunds === 'submitting') return
  if (value.trustFunds in expected) {
    expect(newest?.status, value.trustFunds).toBe(expected[value.trustFunds])
  } else {
    expect(newest?.status === 0, value.trustFunds).toBe(false)
  }
  await expectLedgerConsistent(t.app.db)
}

describe('credit machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of both regions', () => {
    const reached = paths.map((p) => p.state.value as { position: string; trustFunds: string })
    for (const s of ['healthy', 'called', 'liquidated', 'closed'])
      expect(
        reached.some((v) => v.position === s),
        s,
      ).toBe(true)
    for (const s of ['idle', 'confirming', 'pending', 'applied', 'rejected'])
      expect(
        reached.some((v) => v.trustFunds === s),
        s,
      ).toBe(true)
  })

  for (const path of paths) {
    const name = path.steps
      .map(
        ({ event }) =>
          event.type.replace(/^xstate\.done\.actor.*/, 'done') +
          ('status' in event ? `(${String(event.status)})` : ''),
      )
      .join(' → ')
    it(name || 'start', async () => {
      const account = `cmodel${n++}x${Date.now() % 10000}`
      const grant = await trader(t, account, undefined, { verified: true })
      const bought = await buy(t, grant, { leverage: '3' })
      expect(bought.status).toBe(1)
      const id = (bought.data as { id: string }).id
      const quote = t.app.market.snapshot('7203')!
      const trial: Trial = {
        grant,
        id,
        userId: await userIdOf(t, account),
        price: null,
        actor: null,
      }
      const jobs = jobsFor(trial)
      const actor = createActor(live(trial), { input: { id, deadline: null, ended: false } })
      trial.actor = actor
      actor.start()
      const start = t.app.clock.now()
      try {
        for (const step of path.steps as Array<{
          event: AnyEventObject
          state: { value: StateValue }
        }>) {
          const { event } = step
          const target = step.state.value as { position: string; trustFunds: string }
          if (event.type === 'VERDICT') {
            const requestId = actor.getSnapshot().context.requestId as string
            const answer =
              event.status === 'approved'
                ? await ops(t, 'POST', `/reviews/credit/${requestId}/approve`, {})
                : await ops(t, 'POST', `/reviews/credit/${requestId}/reject`, {
                    reason: 'declined',
                  })
            expect(answer.status).toBe(1)
          } else if (event.type === 'CALLED') {
            trial.price = Math.round(quote.price * 0.7)
            await jobs.runOnce()
          } else if (event.type === 'MET') {
            trial.price = quote.price * 2
            await jobs.runOnce()
          } else if (event.type === 'LIQUIDATED') {
            t.app.clock.set(t.app.clock.now() + 2 * DAY + 1)
            await jobs.runOnce()
          } else if (event.type === 'CLOSED') {
            t.app.clock.set(t.app.clock.now() + 16 * MINUTE)
            expect(await sell(t, grant, { id, num: '100' })).toMatchObject({ status: 1 })
            actor.send({ type: 'CLOSED' })
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event as CreditEvent)
          }
          // The model may stay in `submitting` while the market moves; the real call has
          // answered by then, so `pending` stands for it.
          const alike =
            target.trustFunds === 'submitting' ? { ...target, trustFunds: 'pending' } : target
          await waitFor(actor, (s) => s.matches(target as never) || s.matches(alike as never), {
            timeout: 10_000,
          })
          await agrees(trial, target)
        }
      } finally {
        actor.stop()
        t.app.clock.set(start)
      }
    })
  }
})
