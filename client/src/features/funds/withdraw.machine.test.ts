import type { WithdrawRules } from '@kabu/shared/api/funds'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { withdrawMachine, type WithdrawSetup } from './withdraw.machine'

const rules: WithdrawRules = {
  currency: 'JPY',
  verified: true,
  card_bound: true,
  fund_password_set: true,
  window: '09:00-15:30',
  window_open: true,
  min: '10000',
  withdrawable: '50000',
}
const draft = { money: '20000', bankId: '3', fundPassword: '135790', totp: '' }

function run(options: { rules?: Partial<WithdrawRules>; submit?: () => Promise<{ id: string }> }) {
  let serial = 0
  const sent: unknown[] = []
  const actor = createActor(
    withdrawMachine.provide({
      actors: {
        loadSetup: fromPromise(async (): Promise<WithdrawSetup> => ({
          rules: { ...rules, ...options.rules },
          cards: [],
          factors: null,
        })),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          return (options.submit ?? (async () => ({ id: '5' })))()
        }),
        watchReview: fromCallback(() => () => {}),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  return { actor, sent }
}

describe('withdraw machine', () => {
  it('shows the rules, confirms, freezes (pending) and ends paid out', async () => {
    const { actor, sent } = run({})
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.setup?.rules.withdrawable).toBe('50000')
    actor.send({ type: 'SUBMIT', draft })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent).toEqual([{ ...draft, idem: 'idem-1' }])
    actor.send({ type: 'REVIEWED', status: 'approved' })
    expect(actor.getSnapshot().value).toBe('approved')
  })

  it('ends rejected with the reason', async () => {
    const { actor } = run({})
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    actor.send({ type: 'REVIEWED', status: 'rejected', reason: 'name mismatch' })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'rejected',
      context: { reason: 'name mismatch' },
    })
  })

  it('does not go on while a published rule does not hold', async () => {
    const { actor } = run({ rules: { window_open: false } })
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft })
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('keeps the confirmation open with the refusal, e.g. a wrong fund password', async () => {
    const { actor } = run({ submit: () => Promise.reject({ msg: 'wrong_fund_password' }) })
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot()).toMatchObject({
      value: 'confirming',
      context: { error: 'wrong_fund_password' },
    })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('editing')
  })
})
