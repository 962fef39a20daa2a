import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise } from 'xstate'
import type { BankCard } from '@kabu/shared/api/banks'
import type { WithdrawalRecord, WithdrawRules } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import {
  withdrawMachine,
  type WithdrawSetup,
} from '../../../client/src/features/funds/withdraw.machine'
import { reviewVerdict$ } from '../../../client/src/features/funds/review-watch'
import { FUND_PASSWORD } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import { caller, inBankWindow, userEventsOn } from './live'
import { decideFirst, keepRefusalLast, reviewed } from './reviews'

/**
 * A withdrawal (spec §4) by a verified user with a card and 50,000 yen: rules and cards loaded, a
 * draft confirmed, the amount frozen while pending, then paid out or unfrozen. A wrong fund
 * password is the refusal. The wallet and the withdrawal list are checked in each state.
 */

const FUNDED = '50000'
const MONEY = '20000'
const rules: WithdrawRules = {
  currency: 'JPY',
  verified: true,
  card_bound: true,
  fund_password_set: true,
  window: '09:00-15:30',
  window_open: true,
  min: '10000',
  withdrawable: FUNDED,
}

export const withdrawModel: QaModel = {
  name: 'withdraw',
  source: 'client/src/features/funds/withdraw.machine.ts',
  machine: withdrawMachine,
  events: [
    { type: 'xstate.done.actor.loadSetup', output: { rules, cards: [], factors: null } },
    { type: 'SUBMIT', draft: { money: MONEY, bankId: '1', fundPassword: FUND_PASSWORD, totp: '' } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'NEW' },
    { type: 'xstate.done.actor.submit', output: { id: '1' } },
    { type: 'xstate.error.actor.submit', error: { msg: 'wrong_fund_password' } },
    ...reviewed('name mismatch'),
  ],
  keep: keepRefusalLast,
  // Verifying the user, funding and reviewing all go through the back office.
  needs: needsOf(['ops']),
  automatic: (e) => e.type === 'REVIEWED',
  async start(kit) {
    const { target, accounts } = kit
    const grant = await accounts.fresh()
    const card = await accounts.bindCard(grant)
    await inBankWindow(kit, 'deposit_window')
    await accounts.fund(grant, FUNDED)
    await inBankWindow(kit, 'withdraw_window')
    const call = caller(target, grant)
    const list = () => call<WithdrawalRecord[]>('/user/withdrawallist', { type: 'jpy' })
    const events$ = userEventsOn(target, grant)
    let verdict: string | undefined
    return {
      grant,
      machine: withdrawMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<WithdrawSetup> => ({
            rules: await call<WithdrawRules>('/user/withdrawRules', { type: 'jpy' }),
            cards: await call<BankCard[]>('/user/banks'),
            factors: null,
          })),
          submit: fromPromise(({ input }) =>
            call<{ id: string }>('/user/withdraw', {
              type: 'jpy',
              money: input.money,
              bank_id: input.bankId,
              fund_password: input.fundPassword,
              idem: input.idem,
            }),
          ),
          watchReview: fromCallback(({ sendBack, input }) => {
            const read = async () => (await list()).find((r) => r.id === input.id)
            const watch = reviewVerdict$('withdraw', input.id, events$, read).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps, index }) {
        if (event.type === 'SUBMIT') {
          const refused = steps[index + 2]?.event.type === 'xstate.error.actor.submit'
          const fundPassword = refused ? '000000' : FUND_PASSWORD
          actor.send({
            type: 'SUBMIT',
            draft: { money: MONEY, bankId: card, fundPassword, totp: '' },
          })
          return true
        }
        if (event.type === 'REVIEWED') verdict = String(event.status)
        return decideFirst(kit, 'withdraw', event, actor)
      },
      async agrees(state, snapshot) {
        if (state === 'submitting' || state === 'loading') return
        const jpy = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        const rows = await list()
        const paid = verdict === 'approved' ? String(Number(FUNDED) - Number(MONEY)) : FUNDED
        const byState: Record<string, unknown[]> = {
          editing: [paid, '0'],
          confirming: [paid, '0'],
          pendingReview: [String(Number(FUNDED) - Number(MONEY)), MONEY, 0],
          approved: [paid, '0', 1],
          rejected: [FUNDED, '0', 2],
        }
        const seen: unknown[] = [jpy?.available, jpy?.frozen]
        if (state in byState && !['editing', 'confirming'].includes(state))
          seen.push(rows[0]?.status)
        if (byState[state]) same(seen, byState[state], `${state}: available, frozen, status`)
        const reason = (snapshot.context as { reason: string | null }).reason
        if (state === 'rejected') same(reason, 'name mismatch', 'the rejection reason shown')
      },
    }
  },
}
