import type { BankCard } from '@kabu/shared/api/banks'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

export interface BankListContext {
  cards: BankCard[]
  /** The card the user asked to unbind, while the fund password is asked for. */
  selected: BankCard | null
  error: string | null
}

export type BankListEvent =
  | { type: 'DELETE'; card: BankCard }
  | { type: 'CONFIRM'; fundPassword: string; totp?: string }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }

/**
 * The bank cards screen: load, show (or the empty state), unbind one after the fund password is
 * confirmed. A wrong fund password keeps the dialog open with the refusal; the list reloads after
 * a card is gone.
 */
export const bankListMachine = setup({
  types: { context: {} as BankListContext, events: {} as BankListEvent },
  actors: {
    loadCards: fromPromise<BankCard[]>(notProvided('loadCards')),
    deleteCard: fromPromise<void, { id: number; fundPassword: string; totp?: string }>(
      notProvided('deleteCard'),
    ),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    deselect: assign({ selected: null, error: null }),
  },
  guards: {
    noCards: ({ context }) => context.cards.length === 0,
  },
}).createMachine({
  id: 'bankList',
  context: { cards: [], selected: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadCards',
        onDone: {
          target: 'shown',
          actions: assign({ cards: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    shown: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'noCards', target: 'empty' }, { target: 'list' }] },
        empty: {},
        list: {
          on: {
            DELETE: {
              target: 'confirming',
              actions: assign({ selected: ({ event }) => event.card, error: null }),
            },
          },
        },
        ...confirmStates({
          submitting: 'deleting',
          call: 'deleteCard',
          input: ({ context, event }: { context: BankListContext; event: BankListEvent }) => {
            assertEvent(event, 'CONFIRM')
            return {
              id: context.selected?.id ?? 0,
              fundPassword: event.fundPassword,
              totp: event.totp ?? '',
            }
          },
          back: { target: 'list', actions: 'deselect' },
          done: { target: '#bankList.loading', actions: 'deselect' },
        }),
      },
    },
  },
})
