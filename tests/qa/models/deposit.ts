import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise } from 'xstate'
import type { DepositRecord, RechargeChannel } from '@kabu/shared/api/funds'
import { depositMachine } from '../../../client/src/features/funds/deposit.machine'
import { reviewVerdict$ } from '../../../client/src/features/funds/review-watch'
import { uploadPhoto } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import { caller, inBankWindow, userEventsOn } from './live'
import { decideFirst, keepRefusalLast, reviewed } from './reviews'

/**
 * The deposit (spec §4): the channel loaded, a draft confirmed, pending review, then the back
 * office's approval or rejection, heard on the `/user` socket with the client's own verdict watch.
 * A draft over the unverified maximum is the refusal. Each state is checked against the user's
 * deposit list and wallet.
 */

const MONEY = '5000'
const OVER_MAXIMUM = '600000'

export const depositModel: QaModel = {
  name: 'deposit',
  source: 'client/src/features/funds/deposit.machine.ts',
  machine: depositMachine,
  events: [
    { type: 'xstate.done.actor.loadChannel', output: { id: 'bank_transfer' } },
    { type: 'SUBMIT', draft: { money: MONEY, voucher: undefined } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'NEW' },
    { type: 'xstate.done.actor.submit', output: { id: '1' } },
    { type: 'xstate.error.actor.submit', error: { msg: 'amount_above_maximum' } },
    ...reviewed('no transfer'),
  ],
  keep: keepRefusalLast,
  needs: needsOf([], { REVIEWED: ['ops'] }),
  automatic: (e) => e.type === 'REVIEWED',
  async start(kit, steps) {
    const { target } = kit
    const grant = await kit.accounts.fresh()
    await inBankWindow(kit, 'deposit_window')
    const call = caller(target, grant)
    const deposits = () => call<DepositRecord[]>('/user/rechargelist', { type: 'jpy' })
    const events$ = userEventsOn(target, grant)
    const voucher = await uploadPhoto(target, grant, 'voucher')
    let sent = 0
    return {
      grant,
      machine: depositMachine.provide({
        actors: {
          loadChannel: fromPromise(async () => {
            const [channel] = await call<RechargeChannel[]>('/user/rechargeChannels', {
              type: 'jpy',
            })
            if (!channel) throw { msg: 'not_found' }
            return channel
          }),
          submit: fromPromise(({ input }) =>
            call<{ id: string }>('/user/recharge', {
              type: 'jpy',
              money: input.money,
              channel: 'bank_transfer',
              voucher: input.voucher,
              idem: input.idem,
            }),
          ),
          watchReview: fromCallback(({ sendBack, input }) => {
            const read = async () => (await deposits()).find((r) => r.id === input.id)
            const watch = reviewVerdict$('deposit', input.id, events$, read).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps: all, index }) {
        if (event.type === 'SUBMIT') {
          const refused = all[index + 2]?.event.type === 'xstate.error.actor.submit'
          actor.send({ type: 'SUBMIT', draft: { money: refused ? OVER_MAXIMUM : MONEY, voucher } })
          return true
        }
        if (event.type === 'xstate.done.actor.submit') sent++
        return decideFirst(kit, 'deposit', event, actor)
      },
      async agrees(state, snapshot) {
        if (state === 'loading' || state === 'submitting') return
        const rows = await deposits()
        const info = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
        const approved = steps.some(
          (s) => s.event.type === 'REVIEWED' && s.event.status === 'approved',
        )
        const requestId = (snapshot.context as { requestId: string | null }).requestId
        const row = rows.find((r) => r.id === requestId)
        if (state === 'editing' || state === 'confirming')
          same(
            [rows.length, info.jpy],
            [sent, approved && sent ? MONEY : '0'],
            `${state}: deposits, yen`,
          )
        if (state === 'pendingReview') same([row?.status, info.jpy], [0, '0'], 'pending: row, yen')
        if (state === 'approved') same([row?.status, info.jpy], [1, MONEY], 'approved: row, yen')
        if (state === 'rejected')
          same([row?.status, info.jpy, row?.reason], [2, '0', 'no transfer'], 'rejected')
      },
    }
  },
}
