import { fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { BankCard } from '@kabu/shared/api/banks'
import {
  bankListMachine,
  type BankListContext,
} from '../../../client/src/features/banks/bank.machine'
import { FUND_PASSWORD } from '../accounts'
import { same, type Need, type QaModel } from '../model'
import type { QaStep } from '../paths'
import { caller } from './live'

/**
 * The bank cards screen (spec §4): a new user's empty list, or a verified user's one card (bound
 * through `/user/bankAdd` as the add form does), unbound after the fund password is confirmed; a
 * wrong password keeps the dialog with the refusal, and the list reloads empty once the card is
 * gone. The gateway's `/user/banks` must hold what each settled state shows.
 */

const card = { id: 1 } as BankCard
// The list's invoke has no id of its own: xstate names it after its state node.
const loaded = (cards: BankCard[]) => ({
  type: 'xstate.done.actor.0.bankList.loading',
  output: cards,
})

/** What the gateway can answer: the first load has the card (or none), the one after unbinding none. */
function events(s: AnyMachineSnapshot) {
  const { cards } = s.context as BankListContext
  if (s.matches('loading')) return cards.length ? [loaded([])] : [loaded([card]), loaded([])]
  return [
    { type: 'DELETE', card },
    { type: 'CONFIRM', fundPassword: FUND_PASSWORD },
    { type: 'CANCEL' },
    { type: 'xstate.done.actor.deleteCard' },
    { type: 'xstate.error.actor.deleteCard', error: { msg: 'wrong_fund_password' } },
  ]
}

/** Whether the path starts with a card bound: the first load's answer. */
const startsWithCard = (steps: QaStep[]) =>
  (steps.find((s) => s.event.type === loaded([]).type)?.event.output as BankCard[] | undefined)
    ?.length === 1

export const bankModel: QaModel = {
  name: 'bank',
  source: 'client/src/features/banks/bank.machine.ts',
  machine: bankListMachine,
  events,
  serializeState: (s) =>
    JSON.stringify([s.value, (s.context as BankListContext).cards.length, s.context.error]),
  // A refusal the same password would get again ends its path; so does an empty list.
  keep: (steps) => {
    const types = steps.map((s) => s.event.type)
    const refused = types.indexOf('xstate.error.actor.deleteCard')
    return refused === -1 || refused === types.length - 1
  },
  // A card is bound by a verified user: the back office approves the identity.
  needs: (steps): Need[] => (startsWithCard(steps) ? ['ops'] : []),
  async start(kit, steps) {
    const grant = await kit.accounts.fresh()
    const bound = startsWithCard(steps) ? await kit.accounts.bindCard(grant) : null
    const call = caller(kit.target, grant)
    const cards = () => call<BankCard[]>('/user/banks')
    return {
      grant,
      machine: bankListMachine.provide({
        actors: {
          loadCards: fromPromise(cards),
          deleteCard: fromPromise(async ({ input }) => {
            await call('/user/bankDel', { id: String(input.id), fund_password: input.fundPassword })
          }),
        },
      }),
      async act(event, { actor, steps: all, index }) {
        if (event.type === 'DELETE') {
          const [shown] = (actor.getSnapshot() as AnyMachineSnapshot).context.cards as BankCard[]
          actor.send({ type: 'DELETE', card: shown })
          return true
        }
        if (event.type !== 'CONFIRM') return false
        const refused = all[index + 1]?.event.type === 'xstate.error.actor.deleteCard'
        actor.send({ type: 'CONFIRM', fundPassword: refused ? '000000' : FUND_PASSWORD })
        return true
      },
      async agrees(state, snapshot) {
        if (state === 'loading' || state.endsWith('deleting')) return
        const ids = (await cards()).map((c) => String(c.id))
        const shown = (snapshot.context as BankListContext).cards.map((c) => String(c.id))
        const expected = state === 'shown.empty' || bound === null ? [] : [bound]
        same(ids, expected, `${state}: the cards bound`)
        same(shown, expected, `${state}: the cards shown`)
      },
    }
  },
}
