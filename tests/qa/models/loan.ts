import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import { loanMachine, type LoanContext } from '../../../client/src/features/loans/loan.machine'
import { loanVerdict$ } from '../../../client/src/features/loans/loan-watch'
import { FUND_PASSWORD } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import type { QaStep } from '../paths'
import { caller, inBankWindow, userEventsOn } from './live'
import { decideFirst, reviewed } from './reviews'

/**
 * A credit loan (spec §4) for a verified user with a card and 1,000,000 yen deposited: the first
 * load finds nothing open, a loan in review or a loan owed (the kit makes it so before the machine
 * starts); a request is confirmed, reviewed by the back office (heard with the client's own verdict
 * watch), then repaid in full with the fund password, or refused for a wrong one. The newest row of
 * `/user/loanlist` and the debt (`jpyyjed`) are checked in each state.
 */

const FUNDED = '1000000'
const MONEY = '100000'
const info = { limit: '700000', currency: 'JPY' } as LoanInfo
const row = (status: 0 | 1) => ({ id: '1', status, owed: '100050' }) as LoanRecord
const load = (loans: LoanRecord[]) => ({ type: 'xstate.done.actor.load', output: { info, loans } })
const openStatus = (event: AnyEventObject) =>
  (event as { output?: { loans?: LoanRecord[] } }).output?.loans?.[0]?.status ?? null

/** The newest row's status and the debt in each state (null: nothing open). */
const EXPECTED: Record<string, [number | null, string]> = {
  editing: [null, '0'],
  confirming: [null, '0'],
  pendingReview: [0, '0'],
  approved: [1, MONEY],
  repayConfirming: [1, MONEY],
  rejected: [2, '0'],
  repaid: [3, '0'],
}

/**
 * Only the first load is the kit's to choose (the record the account starts with); every later
 * one reads what the gateway must then hold: the owed loan after an approval, nothing open after
 * NEW. A refused repayment ends its path (the same password is refused again).
 */
export function loanPathFeasible(steps: Array<{ event: AnyEventObject }>): boolean {
  const refused = steps.findIndex((s) => s.event.type === 'xstate.error.actor.repay')
  if (refused !== -1 && refused !== steps.length - 1) return false
  return steps.every(({ event }, i) => {
    if (event.type !== 'xstate.done.actor.load' || i <= 1) return true
    const before = steps[i - 1]?.event.type
    return openStatus(event) === (before === 'REVIEWED' ? 1 : null)
  })
}

const firstOpen = (steps: QaStep[]) =>
  openStatus(steps.find((s) => s.event.type === load([]).type)!.event)

export const loanModel: QaModel = {
  name: 'loan',
  source: 'client/src/features/loans/loan.machine.ts',
  machine: loanMachine,
  events: [
    load([]),
    load([row(0)]),
    load([row(1)]),
    { type: 'SUBMIT', money: MONEY },
    { type: 'CONFIRM', fundPassword: FUND_PASSWORD },
    { type: 'CANCEL' },
    { type: 'xstate.done.actor.submit', output: { id: '1' } },
    ...reviewed('income_unconfirmed'),
    { type: 'REPAY' },
    { type: 'xstate.done.actor.repay', output: { paid: '100050' } },
    { type: 'xstate.error.actor.repay', error: { msg: 'wrong_fund_password' } },
    { type: 'NEW' },
  ],
  keep: loanPathFeasible,
  // The card, the deposit and every loan decision go through the back office.
  needs: needsOf(['ops']),
  automatic: (e) => e.type === 'REVIEWED',
  async start(kit, steps) {
    const { target, accounts } = kit
    const grant = await accounts.fresh()
    await accounts.bindCard(grant)
    await inBankWindow(kit, 'deposit_window')
    await accounts.fund(grant, FUNDED)
    const call = caller(target, grant)
    const loans = () => call<LoanRecord[]>('/user/loanlist', { type: 'jpy' })
    const request = () =>
      call<{ id: string }>('/user/loan', { type: 'jpy', money: MONEY, idem: randomUUID() })
    const opening = firstOpen(steps)
    if (opening !== null) {
      const { id } = await request()
      if (opening === 1) await target.ops('POST', `/reviews/loan/${id}/approve`)
    }
    const events$ = userEventsOn(target, grant)
    return {
      grant,
      machine: loanMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            info: await call<LoanInfo>('/user/loanInfo', { type: 'jpy' }),
            loans: await loans(),
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
          watchReview: fromCallback(({ sendBack, input }) => {
            const read = async () => (await loans()).find((l) => l.id === input.id)
            const watch = loanVerdict$(input.id, events$, read).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps: all, index }) {
        if (event.type === 'CONFIRM' && actor.getSnapshot().matches('repayConfirming')) {
          const refused = all[index + 1]?.event.type === 'xstate.error.actor.repay'
          actor.send({ type: 'CONFIRM', fundPassword: refused ? '000000' : FUND_PASSWORD })
          return true
        }
        return decideFirst(kit, 'loan', event, actor, 'loanId')
      },
      async agrees(state, snapshot) {
        const expected = EXPECTED[state]
        if (!expected) return
        const rows = await loans()
        const user = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
        // Free to apply means nothing open; older loans may be rejected or repaid.
        const newest = rows[0]?.status ?? null
        const seen = expected[0] === null && newest !== null && newest >= 2 ? null : newest
        same([seen, user.jpyyjed], expected, `${state}: newest loan, borrowed`)
        if (state === 'rejected')
          same((snapshot.context as LoanContext).reason, 'income_unconfirmed', 'the reason shown')
      },
    }
  },
}
