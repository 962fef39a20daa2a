import { fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import { kycMachine, type KycContext } from '../../../client/src/features/kyc/kyc.machine'
import { uploadPhoto } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import { caller } from './live'

/**
 * Identity verification (spec §4): a new user is unverified, submits both photos and is reviewing;
 * the back office approves (verified) or rejects (failed, with the reason), and a failed user
 * submits again. The gateway's `/user/verifyInfo` status must match every settled state.
 */

const info = (status: number) => ({
  status,
  name: '',
  doctype: '',
  idnumber_masked: '',
  reason: '',
})
// The machine's invokes have no ids of their own: xstate names them after their state nodes.
const loaded = (status: number) => ({
  type: 'xstate.done.actor.0.kyc.loading',
  output: info(status),
})
const STATUS_OF: Record<string, number> = { unverified: 0, reviewing: 1, verified: 2, failed: 3 }

/** What the gateway can answer at each state: the next load follows what was sent or decided. */
function events(s: AnyMachineSnapshot) {
  const last = (s.context as KycContext).info?.status
  if (s.matches('loading'))
    return last === undefined ? [loaded(0)] : last === 1 ? [loaded(2), loaded(3)] : [loaded(1)]
  return [
    { type: 'SUBMIT', submission: {} },
    { type: 'xstate.done.actor.0.kyc.unverified.submitting' },
    { type: 'REFRESH' },
    { type: 'RESUBMIT' },
  ]
}

export const kycModel: QaModel = {
  name: 'kyc',
  source: 'client/src/features/kyc/kyc.machine.ts',
  machine: kycMachine,
  events,
  // A verified end needs no more than a decision; the graph's serialization keeps statuses apart.
  serializeState: (s) => JSON.stringify([s.value, (s.context as KycContext).info?.status ?? null]),
  needs: needsOf([], { REFRESH: ['ops'] }),
  async start(kit) {
    const { target } = kit
    const grant = await kit.accounts.fresh()
    const call = caller(target, grant)
    const submission = async () => ({
      name: '山田 太郎',
      idnumber: '123456789018',
      doctype: 'my_number',
      front: await uploadPhoto(target, grant, 'id_front'),
      back: await uploadPhoto(target, grant, 'id_back'),
      agree: '1' as const,
    })
    return {
      grant,
      machine: kycMachine.provide({
        actors: {
          loadInfo: fromPromise(() => call<VerifyInfo>('/user/verifyInfo')),
          submit: fromPromise(async ({ input }) => void (await call('/user/verify', { ...input }))),
        },
      }),
      async act(event, { actor, steps, index }) {
        if (event.type === 'SUBMIT') {
          actor.send({ type: 'SUBMIT', submission: await submission() })
          return true
        }
        if (event.type !== 'REFRESH') return false
        // The operator decides as the path's next load says, then the user refreshes.
        const approve = (steps[index + 1]?.event.output as VerifyInfo | undefined)?.status === 2
        const rows = await target.ops<Array<{ id: string; account: string }>>(
          'GET',
          '/reviews?kind=kyc&status=pending',
        )
        const row = rows.find((r) => r.account === grant.account)
        if (!row) throw new Error('the identity request is not in the kyc queue')
        await target.ops(
          'POST',
          `/reviews/kyc/${row.id}/${approve ? 'approve' : 'reject'}`,
          approve ? undefined : { reason: 'photo unreadable' },
        )
        actor.send({ type: 'REFRESH' })
        return true
      },
      async agrees(state) {
        const top = state.split('.')[0]!
        if (!(top in STATUS_OF) || state === 'unverified.submitting') return
        const now = await call<VerifyInfo>('/user/verifyInfo')
        // A failed user sent back to the form is still failed until the new request arrives.
        const expected = state === 'unverified.editing' && now.status === 3 ? 3 : STATUS_OF[top]
        same(now.status, expected, `${state}: verifyInfo status`)
        if (top === 'failed') same(now.reason, 'photo unreadable', 'the rejection reason')
      },
    }
  },
}
