import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import type { BankCard } from '@kabu/shared/api/banks'
import type { WithdrawalRecord, WithdrawRules } from '@kabu/shared/api/funds'
import type { SessionGrant } from '@kabu/shared/api/user'
import {
  withdrawMachine,
  type WithdrawSetup,
} from '../../client/src/features/funds/withdraw.machine'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { describePath, drivePath, modelPaths, type ModelDriver } from '../qa/model-paths'
import { approve, fund, readyUser, reject, startFundsApp, wallets } from './funds.support'
import { pollGateway } from '../support/poll'
import { reviewVerdict } from '../support/review-verdict'

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

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
const paths = modelPaths(withdrawMachine, [
  { type: 'xstate.done.actor.loadSetup', output: { rules, cards: [] } },
  { type: 'SUBMIT', draft: { money: '20000', bankId: '1', fundPassword: FUND_PASSWORD, totp: '' } },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: '1' } },
  { type: 'xstate.error.actor.submit', error: { msg: 'wrong_fund_password' } },
  { type: 'REVIEWED', status: 'approved' },
  { type: 'REVIEWED', status: 'rejected', reason: 'name mismatch' },
])

function driverFor(): ModelDriver {
  let grant: SessionGrant
  let card: string
  const list = () =>
    brokerData<WithdrawalRecord[]>(t.url, '/user/withdrawallist', { type: 'jpy' }, session(grant))
  return {
    async live() {
      ;({ grant, card } = await readyUser(t, `wmodel${n++}x${Date.now() % 10000}`))
      await fund(t, grant, '50000')
      return withdrawMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<WithdrawSetup> => ({
            rules: await brokerData<WithdrawRules>(
              t.url,
              '/user/withdrawRules',
              { type: 'jpy' },
              session(grant),
            ),
            cards: await brokerData<BankCard[]>(t.url, '/user/banks', {}, session(grant)),
            factors: null,
          })),
          submit: fromPromise(async ({ input }) => {
            const form = {
              type: 'jpy',
              money: input.money,
              bank_id: input.bankId,
              fund_password: input.fundPassword,
              idem: input.idem,
            }
            const answer = await brokerApi(t.url, '/user/withdraw', form, session(grant))
            if (answer.status !== 1) throw { msg: answer.msg }
            return answer.data as { id: string }
          }),
          // The real list, asked often: the verdict reaches the machine from the gateway.
          watchReview: fromCallback(({ sendBack, input }) => {
            return pollGateway(list, reviewVerdict(input.id, sendBack))
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      })
    },
    submit: (refused) => ({
      type: 'SUBMIT',
      draft: {
        money: '20000',
        bankId: card,
        fundPassword: refused ? '000000' : FUND_PASSWORD,
        totp: '',
      },
    }),
    async decide(actor: AnyActorRef, yes: boolean) {
      const id = (actor.getSnapshot() as { context: { requestId: string } }).context.requestId
      const answer = yes
        ? await approve(t, 'withdraw', id)
        : await reject(t, 'withdraw', id, 'name mismatch')
      expect(answer.status).toBe(1)
    },
    async agrees(state, snapshot) {
      if (state === 'submitting' || state === 'loading') return
      const jpy = (await wallets(t, grant)).JPY
      const rows = await list()
      const seen = [rows[0]?.status ?? null, jpy?.available, jpy?.frozen]
      const byState: Record<string, unknown[]> = {
        editing: [null, '50000', '0'],
        confirming: [null, '50000', '0'],
        pendingReview: [0, '30000', '20000'],
        approved: [1, '30000', '0'],
        rejected: [2, '50000', '0'],
      }
      if (byState[state]) expect(seen, state).toEqual(byState[state])
      if (state === 'editing') expect(snapshot.context.setup?.rules.withdrawable).toBe('50000')
      if (state === 'confirming' && snapshot.context.error)
        expect(snapshot.context.error).toBe('wrong_fund_password')
      if (state === 'rejected') expect(snapshot.context.reason).toBe('name mismatch')
      await expectLedgerConsistent(t.app.db)
    },
  }
}

describe('withdraw machine against the gateway (paths from xstate/graph)', () => {
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
