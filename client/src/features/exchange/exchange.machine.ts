import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import type { Currency } from '@kabu/shared/money/currencies'
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'
import { requestActions, requestStates, startsOver } from '../../state/review/request-states'

export interface ExchangeDraft {
  from: Currency
  to: Currency
  money: string
}

export interface ExchangeContext {
  rates: ExchangeRate[]
  wallets: Wallet[]
  draft: ExchangeDraft | null
  idem: string | null
  result: ExchangeResult | null
  error: string | null
}

export type ExchangeEvent =
  | { type: 'RATES'; rates: ExchangeRate[] }
  | { type: 'SUBMIT'; draft: ExchangeDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW' }

/**
 * Currency exchange: rates and wallets are loaded, the rates stay live (`ratesFeed` sends RATES),
 * the user picks and types, sees rate, spread and what they get, confirms, and sees the result.
 * Same currency never reaches the server. A refusal returns to the confirmation with its key.
 */
export const exchangeMachine = setup({
  types: { context: {} as ExchangeContext, events: {} as ExchangeEvent },
  actors: {
    load: fromPromise<{ rates: ExchangeRate[]; wallets: Wallet[] }>(notProvided('load')),
    submit: fromPromise<ExchangeResult, ExchangeDraft & { idem: string }>(notProvided('submit')),
    ratesFeed: fromCallback<ExchangeEvent>(() => () => {}),
  },
  actions: {
    ...requestActions<ExchangeContext, ExchangeEvent>(),
    keepLoaded: assign((_, loaded: { rates: ExchangeRate[]; wallets: Wallet[] }) => ({
      rates: loaded.rates,
      wallets: loaded.wallets,
    })),
    takeDraft: assign((_, submit: { draft: ExchangeDraft }) => ({ draft: submit.draft })),
    keepSent: assign((_, result: ExchangeResult) => ({ result })),
    reset: assign({ draft: null, idem: null, result: null }),
  },
  guards: {
    twoCurrencies: ({ event }) => event.type === 'SUBMIT' && event.draft.from !== event.draft.to,
  },
}).createMachine({
  id: 'exchange',
  context: { rates: [], wallets: [], draft: null, idem: null, result: null, error: null },
  initial: 'loading',
  invoke: { src: 'ratesFeed' },
  on: { RATES: { actions: assign({ rates: ({ event }) => event.rates }) } },
  states: {
    ...requestStates({
      load: 'load',
      guard: 'twoCurrencies',
      input: ({ context }: { context: ExchangeContext }) => ({
        ...context.draft!,
        idem: context.idem ?? '',
      }),
      // Exchanged at once: nobody reviews it, the result is shown.
      sent: 'done',
    }),
    done: startsOver(),
  },
})
