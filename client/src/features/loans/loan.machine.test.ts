import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { loanMachine, type LoanSnapshot } from './loan.machine'

const info: LoanInfo = {
  credit_score: 70,
  limit: '700000',
  loaned: '0',
  rate_daily: '0.0005',
  pending: '0',
  currency: 'JPY',
  term_days: 30,
  factors: {
    verified: true,
    account_age_days: 0,
    deposits: '1000000',
    repaid_on_time: 0,
    overdue: 0,
  },
}
const loan = (over: Partial<LoanRecord>): LoanRecord => ({
  id: '7',
  order_no: 'LN20260303-0000000000',
  status: 0,
  money: '100000',
  interest: '0',
  owed: '0',
  currency: 'JPY',
  created: 0,
  decided: null,
  due: null,
  repaid: null,
  reason: null,
  ...over,
})

function run(snapshots: LoanRecord[][], repay?: () => Promise<{ paid: string }>) {
  let serial = 0
  let loads = 0
  const sent: unknown[] = []
  const actor = createActor(
    loanMachine.provide({
      actors: {
        load: fromPromise(async (): Promise<LoanSnapshot> => {
          const loans = snapshots[Math.min(loads++, snapshots.length - 1)] ?? []
          return { info, loans }
        }),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          return { id: '7' }
        }),
        repay: fromPromise(async ({ input }) => {
          sent.push(input)
          return (repay ?? (async () => ({ paid: '100050' })))()
        }),
        watchReview: fromCallback(() => () => {}),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  return { actor, sent }
}

describe('loan machine', () => {
  it('applies, confirms, waits for review, and lands on the owed loan once approved', async () => {
    const owed = loan({ status: 1, owed: '100050', interest: '50', decided: 1 })
    const { actor, sent } = run([[], [owed]])
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', money: ' 100000 ' })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent).toEqual([{ money: '100000', idem: 'idem-1' }])
    actor.send({ type: 'REVIEWED', status: 'approved' })
    await waitFor(actor, (s) => s.matches('approved'))
    expect(actor.getSnapshot().context.loanId).toBe('7')
  })

  it('keeps an amount beyond the limit, or not an amount, in the form', async () => {
    const { actor } = run([[]])
    await waitFor(actor, (s) => s.matches('editing'))
    for (const money of ['700001', '', '1.5', '-1']) {
      actor.send({ type: 'SUBMIT', money })
      expect(actor.getSnapshot().value, money).toBe('editing')
    }
  })

  it('ends rejected with the reason, and starts again', async () => {
    const { actor } = run([[], [loan({ status: 2, reason: 'x' })]])
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', money: '1000' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    actor.send({ type: 'REVIEWED', status: 'rejected', reason: 'income_unconfirmed' })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'rejected',
      context: { reason: 'income_unconfirmed' },
    })
    actor.send({ type: 'NEW' })
    await waitFor(actor, (s) => s.matches('editing'))
  })

  it('resumes where the record is: in review, or owed', async () => {
    const pending = run([[loan({ status: 0 })]])
    await waitFor(pending.actor, (s) => s.matches('pendingReview'))
    const owing = run([[loan({ status: 3 }), loan({ id: '9', status: 1, owed: '2' })]])
    await waitFor(owing.actor, (s) => s.matches('approved'))
    expect(owing.actor.getSnapshot().context.loanId).toBe('9')
  })

  it('repays what is owed after the fund password, and shows a refusal to retry', async () => {
    const owed = loan({ status: 1, owed: '100050' })
    let fail = true
    const { actor, sent } = run([[owed]], async () => {
      if (fail) throw { msg: 'wrong_fund_password' }
      return { paid: '100050' }
    })
    await waitFor(actor, (s) => s.matches('approved'))
    actor.send({ type: 'REPAY' })
    actor.send({ type: 'CONFIRM', fundPassword: '000000' })
    await waitFor(actor, (s) => s.matches('repayConfirming') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('wrong_fund_password')
    fail = false
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    await waitFor(actor, (s) => s.matches('repaid'))
    expect(sent).toEqual([
      { id: '7', money: '100050', fundPassword: '000000', idem: 'idem-1' },
      { id: '7', money: '100050', fundPassword: '135790', idem: 'idem-1' },
    ])
  })

  it('shows a load failure with its key and retries', async () => {
    const actor = createActor(
      loanMachine.provide({
        actors: { load: fromPromise(() => Promise.reject({ msg: 'network_error' })) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('loadFailed'))
    expect(actor.getSnapshot().context.error).toBe('network_error')
  })
})
