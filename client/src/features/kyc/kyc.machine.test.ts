import type { VerifyInfo } from '@kabu/shared/api/kyc'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { kycMachine, type VerifySubmission } from './kyc.machine'

const info = (status: VerifyInfo['status'], reason = ''): VerifyInfo => ({
  status,
  name: status ? '山田 太郎' : '',
  doctype: status ? 'my_number' : '',
  idnumber_masked: status ? '****9018' : '',
  reason,
})

const SUBMISSION: VerifySubmission = {
  name: '山田 太郎',
  idnumber: '123456789018',
  doctype: 'my_number',
  front: 'f'.repeat(22),
  back: 'b'.repeat(22),
  agree: '1',
}

/** A fake gateway: the answers of verifyInfo in order, and what submit does. */
function run(answers: Array<VerifyInfo | Error>, submit: (s: VerifySubmission) => Promise<void>) {
  const sent: VerifySubmission[] = []
  let loads = 0
  const actor = createActor(
    kycMachine.provide({
      actors: {
        loadInfo: fromPromise(async () => {
          const answer = answers[Math.min(loads++, answers.length - 1)]
          if (!answer || answer instanceof Error) throw answer ?? new Error('none')
          return answer
        }),
        submit: fromPromise(async ({ input }: { input: VerifySubmission }) => {
          sent.push(input)
          await submit(input)
        }),
      },
    }),
  ).start()
  return { actor, sent, loads: () => loads }
}

const settle = (actor: ReturnType<typeof run>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('kyc machine (spec §4: unverified → reviewing → verified | failed)', () => {
  it('shows the form to an unverified user and goes to reviewing after a submit', async () => {
    const { actor, sent } = run([info(0), info(1)], async () => {})
    expect((await settle(actor)).matches({ unverified: 'editing' })).toBe(true)
    actor.send({ type: 'SUBMIT', submission: SUBMISSION })
    const after = await settle(actor)
    expect(after.value).toBe('reviewing')
    expect(after.context.info?.idnumber_masked).toBe('****9018')
    expect(sent).toEqual([SUBMISSION])
  })

  it('stays on the form with the refusal key when the server says no', async () => {
    const refusal = Object.assign(new Error('refused'), { msg: 'privacy_required' })
    const { actor } = run([info(0)], () => Promise.reject(refusal))
    await settle(actor)
    actor.send({ type: 'SUBMIT', submission: SUBMISSION })
    const after = await settle(actor)
    expect(after.matches({ unverified: 'editing' })).toBe(true)
    expect(after.context.error).toBe('privacy_required')
  })

  it('ignores a submit while one is running', async () => {
    let release = () => {}
    const { actor, sent } = run(
      [info(0), info(1)],
      () => new Promise<void>((resolve) => (release = resolve)),
    )
    await settle(actor)
    actor.send({ type: 'SUBMIT', submission: SUBMISSION })
    actor.send({ type: 'SUBMIT', submission: SUBMISSION })
    release()
    await waitFor(actor, (s) => s.matches('reviewing'))
    expect(sent).toHaveLength(1)
  })

  it('shows verified, and failed with its reason and a way to resubmit', async () => {
    const verified = run([info(2)], async () => {})
    expect((await settle(verified.actor)).value).toBe('verified')
    const failed = run([info(3, 'photo_unreadable'), info(1)], async () => {})
    const shown = await settle(failed.actor)
    expect(shown.value).toBe('failed')
    expect(shown.context.info?.reason).toBe('photo_unreadable')
    failed.actor.send({ type: 'RESUBMIT' })
    expect(failed.actor.getSnapshot().matches({ unverified: 'editing' })).toBe(true)
    failed.actor.send({ type: 'SUBMIT', submission: SUBMISSION })
    expect((await settle(failed.actor)).value).toBe('reviewing')
  })

  it('offers a retry when the status cannot be loaded, and refreshes while reviewing', async () => {
    const { actor, loads } = run([new Error('offline'), info(1), info(2)], async () => {})
    const failed = await settle(actor)
    expect(failed.value).toBe('loadFailed')
    expect(failed.context.error).toBe('network_error')
    actor.send({ type: 'RETRY' })
    expect((await settle(actor)).value).toBe('reviewing')
    actor.send({ type: 'REFRESH' })
    expect((await settle(actor)).value).toBe('verified')
    expect(loads()).toBe(3)
  })
})
