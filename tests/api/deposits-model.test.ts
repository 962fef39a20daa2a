import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import type { DepositRecord, RechargeChannel } from '@kabu/shared/api/funds'
import type { SessionGrant } from '@kabu/shared/api/user'
import { depositMachine } from '../../client/src/features/funds/deposit.machine'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { describePath, drivePath, modelPaths, type ModelDriver } from '../qa/model-paths'
import { approve, available, reject, startFundsApp } from './funds.support'
import { pollGateway } from '../support/poll'
import { reviewVerdict } from '../support/review-verdict'

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

const paths = modelPaths(depositMachine, [
  { type: 'xstate.done.actor.loadChannel', output: { id: 'bank_transfer' } },
  { type: 'SUBMIT', draft: { money: '5000', voucher: undefined } },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: '1' } },
  { type: 'xstate.error.actor.submit', error: { msg: 'amount_above_maximum' } },
  { type: 'REVIEWED', status: 'approved' },
  { type: 'REVIEWED', status: 'rejected', reason: 'no transfer' },
])

function driverFor(): ModelDriver {
  let grant: SessionGrant
  const deposits = () =>
    brokerData<DepositRecord[]>(t.url, '/user/rechargelist', { type: 'jpy' }, session(grant))
  return {
    async live() {
      grant = await newUser(t, `dmodel${n++}x${Date.now() % 10000}`)
      return depositMachine.provide({
        actors: {
          loadChannel: fromPromise(async () => {
            const [c] = await brokerData<RechargeChannel[]>(
              t.url,
              '/user/rechargeChannels',
              { type: 'jpy' },
              session(grant),
            )
            return c!
          }),
          submit: fromPromise(async ({ input }) => {
            const form = {
              type: 'jpy',
              channel: 'bank_transfer',
              money: input.money,
              idem: input.idem,
            }
            const answer = await brokerApi(t.url, '/user/recharge', form, session(grant))
            if (answer.status !== 1) throw { msg: answer.msg }
            return answer.data as { id: string }
          }),
          // The real list, asked often: the verdict reaches the machine from the gateway.
          watchReview: fromCallback(({ sendBack, input }) => {
            return pollGateway(deposits, reviewVerdict(input.id, sendBack))
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      })
    },
    submit: (refused) => ({
      type: 'SUBMIT',
      draft: { money: refused ? '600000' : '5000', voucher: undefined },
    }),
    async decide(actor: AnyActorRef, yes: boolean) {
      const id = (actor.getSnapshot() as { context: { requestId: string } }).context.requestId
      const answer = yes
        ? await approve(t, 'deposit', id)
        : await reject(t, 'deposit', id, 'no transfer')
      expect(answer.status).toBe(1)
    },
    async agrees(state, snapshot) {
      if (state === 'submitting' || state === 'loading') return
      const rows = await deposits()
      const money = await available(t, grant)
      const byState: Record<string, () => void> = {
        editing: () => expect([rows.length, money]).toEqual([0, '0']),
        confirming: () => {
          expect([rows.length, money]).toEqual([0, '0'])
          if (snapshot.context.error) expect(snapshot.context.error).toBe('amount_above_maximum')
        },
        pendingReview: () =>
          expect([rows[0]?.status, rows[0]?.id, money]).toEqual([
            0,
            snapshot.context.requestId,
            '0',
          ]),
        approved: () => expect([rows[0]?.status, money]).toEqual([1, '5000']),
        rejected: () => {
          expect([rows[0]?.status, money]).toEqual([2, '0'])
          expect(snapshot.context.reason).toBe('no transfer')
        },
      }
      byState[state]?.()
      await expectLedgerConsistent(t.app.db)
    },
  }
}

describe('deposit machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of the machine', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    for (const state of [
      'loading',
      'editing',
      'confirming',
      'submitting',
      'pendingReview',
      'approved',
      'rejected',
    ]) {
      expect(reached).toContain(state)
    }
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const visited = await drivePath(driverFor(), path)
      expect(visited.at(-1)).toBe(String(path.state.value))
    })
  }
})
