import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import type { Currency } from '@kabu/shared/money/currencies'
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/review/review-states'

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
    newIdem: assign({ idem: () => null as string | null }),
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
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            rates: event.output.rates,
            wallets: event.output.wallets,
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorKey(event.error) }),
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      tags: ['form'],
      on: {
        SUBMIT: {
          guard: 'twoCurrencies',
          target: 'confirming',
          actions: [assign({ draft: ({ event }) => event.draft, error: null }), 'newIdem'],
        },
      },
    },
    confirming: {
      tags: ['form', 'confirm'],
      on: {
        CONFIRM: 'submitting',
        CANCEL: { target: 'editing', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['form', 'confirm', 'busy'],
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ ...context.draft!, idem: context.idem ?? '' }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => errorKey(event.error) }),
        },
      },
    },
    done: {
      on: {
        NEW: { target: 'loading', actions: assign({ draft: null, idem: null, result: null }) },
      },
    },
  },
})
