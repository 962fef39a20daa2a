import type { RechargeChannel } from '@kabu/shared/api/funds'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { depositMachine } from './deposit.machine'

const channel = { id: 'bank_transfer', min: '1', max: '500000' } as RechargeChannel

function run(submit: (input: { money: string; idem: string }) => Promise<{ id: string }>) {
  let serial = 0
  const sent: Array<{ money: string; idem: string }> = []
  const actor = createActor(
    depositMachine.provide({
      actors: {
        loadChannel: fromPromise(async () => channel),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          return submit(input)
        }),
        watchReview: fromCallback(() => () => {}),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  return { actor, sent }
}

describe('deposit machine', () => {
  it('confirms, submits, waits for review and ends approved', async () => {
    const { actor, sent } = run(async () => ({ id: '7' }))
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.channel).toBe(channel)
    actor.send({ type: 'SUBMIT', draft: { money: '5000', voucher: 'v1' } })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent).toEqual([{ money: '5000', voucher: 'v1', idem: 'idem-1' }])
    expect(actor.getSnapshot().context.requestId).toBe('7')
    actor.send({ type: 'REVIEWED', status: 'approved' })
    expect(actor.getSnapshot().value).toBe('approved')
  })

  it('ends rejected with the reason, and starts over on NEW', async () => {
    const { actor } = run(async () => ({ id: '8' }))
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft: { money: '5000', voucher: undefined } })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    actor.send({ type: 'REVIEWED', status: 'rejected', reason: 'voucher_missing' })
    expect(actor.getSnapshot().value).toBe('rejected')
    expect(actor.getSnapshot().context.reason).toBe('voucher_missing')
    actor.send({ type: 'NEW' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.requestId).toBeNull()
  })

  it('returns to the confirmation on a refusal and resends with the same key', async () => {
    let calls = 0
    const { actor, sent } = run(async () => {
      if (++calls === 1) throw { msg: 'network_error' }
      return { id: '9' }
    })
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft: { money: '5000', voucher: undefined } })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('network_error')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent.map((s) => s.idem)).toEqual(['idem-1', 'idem-1'])
  })

  it('cancels back to the form without sending anything', async () => {
    const { actor, sent } = run(async () => ({ id: '1' }))
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft: { money: '5000', voucher: undefined } })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(sent).toEqual([])
  })
})
