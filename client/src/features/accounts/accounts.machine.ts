import type { AccountsAnswer, TaxableKind } from '@kabu/shared/api/accounts'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

export interface AccountsContext {
  accounts: AccountsAnswer | null
  /** The taxable kind being confirmed. */
  kind: TaxableKind | null
  error: string | null
}

export type AccountsEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN_NISA' }
  | { type: 'CHOOSE'; kind: TaxableKind }
  /** Both confirmations carry the fund password the user typed. */
  | { type: 'CONFIRM'; fundPassword: string }
  | { type: 'CANCEL' }

const fundPassword = (event: AccountsEvent) => (event.type === 'CONFIRM' ? event.fundPassword : '')

/**
 * The accounts screen (issue 36): the accounts are loaded; opening NISA and choosing another
 * taxable kind are each a confirmation with the fund password, then the call, then a reload, so
 * what shows is what the gateway holds. A refusal stays on its confirmation with its key.
 */
export const accountsMachine = setup({
  types: { context: {} as AccountsContext, events: {} as AccountsEvent },
  actors: {
    load: fromPromise<AccountsAnswer>(notProvided('load')),
    openNisa: fromPromise<unknown, { fundPassword: string }>(notProvided('openNisa')),
    chooseKind: fromPromise<unknown, { kind: TaxableKind; fundPassword: string }>(
      notProvided('chooseKind'),
    ),
  },
  actions: {
    keepLoaded: assign((_, accounts: AccountsAnswer) => ({ accounts, error: null })),
    recordError: assign((_, { error }: { error: unknown }) => ({ error: errorKey(error) })),
    clearError: assign({ error: null }),
    forgetKind: assign({ kind: null }),
  },
  guards: {
    canOpen: ({ context }) => context.accounts?.nisa.opened === null,
    canChoose: ({ context, event }) =>
      event.type === 'CHOOSE' &&
      context.accounts !== null &&
      !context.accounts.tax_account_locked &&
      event.kind !== context.accounts.tax_account,
  },
}).createMachine({
  id: 'accounts',
  context: { accounts: null, kind: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'keepLoaded', params: outputOf } },
        onError: {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        OPEN_NISA: { guard: 'canOpen', target: 'nisaConfirming', actions: 'clearError' },
        CHOOSE: {
          guard: 'canChoose',
          target: 'kindConfirming',
          actions: [assign({ kind: ({ event }) => event.kind }), 'clearError'],
        },
      },
    },
    ...confirmStates({
      confirming: 'nisaConfirming',
      submitting: 'openingNisa',
      tags: ['nisa'],
      call: 'openNisa',
      input: ({ event }: { event: AccountsEvent }) => ({ fundPassword: fundPassword(event) }),
      back: { target: 'ready', actions: 'clearError' },
      done: 'loading',
    }),
    ...confirmStates({
      confirming: 'kindConfirming',
      submitting: 'choosingKind',
      tags: ['kind'],
      call: 'chooseKind',
      input: ({ context, event }: { context: AccountsContext; event: AccountsEvent }) => ({
        kind: context.kind ?? 'tokutei_withholding',
        fundPassword: fundPassword(event),
      }),
      back: { target: 'ready', actions: ['clearError', 'forgetKind'] },
      done: { target: 'loading', actions: 'forgetKind' },
    }),
  },
})
