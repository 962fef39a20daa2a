import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import type { SessionGrant } from '@kabu/shared/api/user'
import { loanMachine, type LoanEvent } from '../../client/src/features/loans/loan.machine'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { startFundsApp } from './funds.support'
import { decideLoan, depositor, idOf, loanList, requestLoan } from './loan.support'
import { pollGateway } from '../support/poll'
import { reviewVerdict } from '../support/review-verdict'

/**
 * Model-based test of the loan machine against a real gateway: paths to every state come from
 * the machine (`xstate/graph`); each is driven on the same machine wired to the gateway over HTTP.
 * A path's first load says where the user's record starts (nothing open, a loan in review, a loan
 * owed), and the driver makes it so before the machine starts; the gateway's answers and the
 * operator's decisions then move the machine, and after every step the gateway must agree.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

const info = { limit: '700000', currency: 'JPY' } as LoanInfo
const row = (status: 0 | 1) => ({ id: '1', status, owed: '100050' }) as LoanRecord
const load = (loans: LoanRecord[]) => ({
  type: 'xstate.done.actor.load',
  output: { info, loans },
})
const events: AnyEventObject[] = [
  load([]),
  load([row(0)]),
  load([row(1)]),
  { type: 'SUBMIT', money: '100000' },
  { type: 'CONFIRM', fundPassword: FUND_PASSWORD },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: '1' } },
  { type: 'REVIEWED', status: 'approved' },
  { type: 'REVIEWED', status: 'rejected', reason: 'income_unconfirmed' },
  { type: 'REPAY' },
  { type: 'xstate.done.actor.repay', output: { paid: '100050' } },
  { type: 'xstate.error.actor.repay', error: { msg: 'wrong_fund_password' } },
  { type: 'NEW' },
]
const openStatus = (event: AnyEventObject) =>
  (event as { output?: { loans?: LoanRecord[] } }).output?.loans?.[0]?.status ?? null

/**
 * Only the first load is ours to choose (the record the user starts with); every later one reads
 * what the gateway must then hold: the owed loan after an approval, nothing open after NEW.
 */
function feasible(steps: Array<{ event: AnyEventObject }>): boolean {
  return steps.every(({ event }, i) => {
    if (event.type !== 'xstate.done.actor.load' || i <= 1) return true
    const before = steps[i - 1]?.event.type
    return openStatus(event) === (before === 'REVIEWED' ? 1 : null)
  })
}

const paths = getShortestPaths(loanMachine, { events: events as never }).filter((p) =>
  feasible(p.steps),
)

/** What /user/loanlist's newest row and the debt must say in each state. */
const EXPECTED: Record<string, { status: number | null; borrowed: string }> = {
  editing: { status: null, borrowed: '0' },
  confirming: { status: null, borrowed: '0' },
  pendingReview: { status: 0, borrowed: '0' },
  approved: { status: 1, borrowed: '100000' },
  repayConfirming: { status: 1, borrowed: '100000' },
  rejected: { status: 2, borrowed: '0' },
  repaid: { status: 3, borrowed: '0' },
}

async function startingRecord(first: AnyEventObject | undefined): Promise<SessionGrant> {
  const { grant } = await depositor(t, `lmodel${n++}x${Date.now() % 10000}`)
  const open = (first as { output?: { loans: LoanRecord[] } } | undefined)?.output?.loans[0]
  if (open) {
    const answer = await requestLoan(t, grant, { money: '100000' })
    if (open.status === 1) expect((await decideLoan(t, idOf(answer))).status).toBe(1)
  }
  return grant
}

function live(grant: SessionGrant) {
  const call = async <T>(path: string, form: Record<string, string>) => {
    const answer = await brokerApi(t.url, path, form, session(grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }
  return loanMachine.provide({
    actors: {
      load: fromPromise(async () => ({
        info: await brokerData<LoanInfo>(t.url, '/user/loanInfo', { type: 'jpy' }, session(grant)),
        loans: await loanList(t, grant),
      })),
      submit: fromPromise(({ input }) =>
        call<{ id: string }>('/user/loan', { type: 'jpy', ...input }),
      ),
      repay: fromPromise(({ input }) =>
        call<{ paid: string }>('/user/repay', {
          id: input.id,
          money: input.money,
          fund_password: input.fundPassword,
          idem: input.idem,
        }),
      ),
      // The real list, asked often: the verdict reaches the machine from the gateway.
      watchReview: fromCallback(({ sendBack, input }) => {
        return pollGateway(() => loanList(t, grant), reviewVerdict(input.id, sendBack))
      }),
    },
    actions: { newIdem: assign({ idem: () => randomUUID() }) },
  })
}

async function agrees(grant: SessionGrant, state: string, snapshot: AnyMachineSnapshot) {
  const expected = EXPECTED[state]
  if (!expected) return
  const rows = await loanList(t, grant)
  const user = await brokerData<Record<string, string>>(
    t.url,
    '/user/getUserinfo',
    { type: 'jpy' },
    session(grant),
  )
  // Free to apply means nothing open; older loans may be rejected or repaid.
  const newest = rows[0]?.status ?? null
  const seen = expected.status === null && newest !== null && newest >= 2 ? null : newest
  expect([seen, user.jpyyjed], state).toEqual([expected.status, expected.borrowed])
  if (state === 'rejected') expect(snapshot.context.reason).toBe('income_unconfirmed')
  await expectLedgerConsistent(t.app.db)
}

const describePath = (steps: Array<{ event: AnyEventObject }>) =>
  steps
    .map(({ event }) => {
      const name = event.type.replace(/^xstate\./, '')
      if (event.type === 'xstate.done.actor.load') return `${name}(open: ${openStatus(event)})`
      return 'status' in event ? `${name}(${String(event.status)})` : name
    })
    .join(' → ')

describe('loan machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of the loan', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    for (const state of Object.keys(EXPECTED)) expect(reached).toContain(state)
  })

  for (const path of paths) {
    it(describePath(path.steps), async () => {
      const grant = await startingRecord(path.steps[1]?.event)
      const actor = createActor(live(grant)).start()
      try {
        // The graph's events include the internal ones (done/error of an actor), beyond the
        // machine's own event type.
        const steps = path.steps as Array<{ event: AnyEventObject; state: { value: unknown } }>
        for (const [i, step] of steps.entries()) {
          const target = String(step.state.value)
          const { event } = step
          if (event.type === 'REVIEWED') {
            const id = (actor.getSnapshot().context as { loanId: string }).loanId
            const reason = (event as { reason?: string }).reason
            expect((await decideLoan(t, id, reason)).status).toBe(1)
          } else if (event.type === 'CONFIRM' && actor.getSnapshot().matches('repayConfirming')) {
            const refused = steps[i + 1]?.event.type === 'xstate.error.actor.repay'
            actor.send({ type: 'CONFIRM', fundPassword: refused ? '000000' : FUND_PASSWORD })
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event as LoanEvent)
          }
          await waitFor(actor, (s) => s.matches(target as never), { timeout: 10_000 })
          await agrees(grant, target, actor.getSnapshot())
        }
      } finally {
        actor.stop()
      }
    })
  }
})
