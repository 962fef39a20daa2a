import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise } from 'xstate'
import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import {
  exchangeMachine,
  type ExchangeContext,
  type ExchangeEvent,
} from '../../../client/src/features/exchange/exchange.machine'
import { quoteFor } from '../../../client/src/features/exchange/quote'
import { pollGateway } from '../../support/poll'
import { needsOf, same, type QaModel } from '../model'
import { caller, inBankWindow } from './live'
import { keepRefusalLast } from './reviews'

/**
 * Currency exchange for a user holding 100,000 yen: the rates stay live, a draft is confirmed and
 * paid at once, or refused for more yen than held. The wallets must move by exactly what the
 * screen quoted from the machine's rates (the client's own quote), and not at all otherwise.
 */

const FUNDED = '100000'
const MONEY = '10000'

export const exchangeModel: QaModel = {
  name: 'exchange',
  source: 'client/src/features/exchange/exchange.machine.ts',
  machine: exchangeMachine,
  events: [
    {
      type: 'xstate.done.actor.load',
      output: { rates: [{ from: 'JPY', to: 'USD' }], wallets: [] },
    },
    { type: 'SUBMIT', draft: { from: 'JPY', to: 'USD', money: MONEY } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'xstate.done.actor.submit', output: { id: '1', got: '1' } },
    { type: 'xstate.error.actor.submit', error: { msg: 'insufficient_balance' } },
    { type: 'NEW' },
  ],
  keep: keepRefusalLast,
  // The yen to exchange come from a deposit the back office approves.
  needs: needsOf(['ops']),
  async start(kit) {
    const grant = await kit.accounts.fresh()
    await inBankWindow(kit, 'deposit_window')
    await kit.accounts.fund(grant, FUNDED)
    const call = caller(kit.target, grant)
    const rates = () => call<ExchangeRate[]>('/user/exchangeRates')
    const held = async (currency: string) =>
      (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === currency)?.available ?? '0'
    let exchanged = 0
    return {
      grant,
      machine: exchangeMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            rates: await rates(),
            wallets: await call<Wallet[]>('/user/wallets'),
          })),
          submit: fromPromise(({ input }) => {
            const { from, to, money, idem } = input
            return call<ExchangeResult>('/user/exchange', { from, to, money, idem })
          }),
          ratesFeed: fromCallback<ExchangeEvent>(({ sendBack }) =>
            pollGateway(rates, (list) => sendBack({ type: 'RATES', rates: list }), 1_000),
          ),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() as string | null }) },
      }),
      async act(event, { actor, steps, index }) {
        if (event.type !== 'SUBMIT') return false
        const refused = steps[index + 2]?.event.type === 'xstate.error.actor.submit'
        actor.send({
          type: 'SUBMIT',
          draft: { from: 'JPY', to: 'USD', money: refused ? '200000' : MONEY },
        })
        return true
      },
      async agrees(state, snapshot) {
        if (state === 'loading' || state === 'submitting') return
        const context = snapshot.context as ExchangeContext
        const yen = await held('JPY')
        if (state === 'done') {
          exchanged++
          // The screen promised what the exchange paid, and the wallets moved by as much.
          const quoted = quoteFor(context.rates, 'JPY', 'USD', MONEY)?.got
          same(context.result?.got, quoted, 'paid as quoted')
          same(
            [yen, await held('USD')],
            [String(Number(FUNDED) - Number(MONEY)), quoted],
            'wallets',
          )
        } else same(yen, String(Number(FUNDED) - exchanged * Number(MONEY)), `${state}: yen held`)
      },
    }
  },
}
