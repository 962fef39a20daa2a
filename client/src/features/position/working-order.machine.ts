import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** What an amend changes (API.md `/trade/amend`): each a decimal string, absent to keep it. */
export interface AmendDraft {
  price?: string
  /** Lower only. */
  num?: string
  trigger?: string
}

export interface WorkingOrderContext {
  id: string
  draft: AmendDraft | null
  idem: string | null
  error: string | null
  /** The last change the gateway took, for the screen's notice. */
  notice: 'amended' | 'cancelled' | null
  /** How many changes the gateway took: the screen re-reads the order on each. */
  changes: number
}

export type WorkingOrderEvent =
  | { type: 'AMEND'; draft: AmendDraft }
  | { type: 'CANCEL_ORDER' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The order ended (filled, lapsed, or its group's other leg ended it): nothing to change. */
  | { type: 'ENDED' }

/**
 * Amending or cancelling one working order from 注文照会, each behind its confirmation. A refusal
 * (the order filled meanwhile, a price off the grid, a quantity that is not lower) comes back to
 * the order with its message; the order as it now stands is the screen's to re-read.
 */
export const workingOrderMachine = setup({
  types: {
    context: {} as WorkingOrderContext,
    events: {} as WorkingOrderEvent,
    input: {} as { id: string },
  },
  actors: {
    amend: fromPromise<unknown, AmendDraft & { id: string; idem: string }>(notProvided('amend')),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    noteAmended: assign({
      notice: 'amended' as const,
      draft: null,
      changes: ({ context }) => context.changes + 1,
    }),
    noteCancelled: assign({
      notice: 'cancelled' as const,
      changes: ({ context }) => context.changes + 1,
    }),
  },
}).createMachine({
  id: 'workingOrder',
  context: ({ input }) => ({
    id: input.id,
    draft: null,
    idem: null,
    error: null,
    notice: null,
    changes: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        AMEND: {
          target: 'confirmingAmend',
          actions: [assign({ draft: ({ event }) => event.draft, error: null }), 'newIdem'],
        },
        CANCEL_ORDER: { target: 'confirmingCancel', actions: assign({ error: null }) },
        ENDED: 'ended',
      },
    },
    ...confirmStates({
      confirming: 'confirmingAmend',
      submitting: 'amending',
      call: 'amend',
      input: ({ context }: { context: WorkingOrderContext }) => ({
        ...context.draft!,
        id: context.id,
        idem: context.idem ?? '',
      }),
      back: 'idle',
      done: { target: 'idle', actions: 'noteAmended' },
      refused: 'idle',
    }),
    ...confirmStates({
      confirming: 'confirmingCancel',
      submitting: 'cancelling',
      call: 'cancelOrder',
      input: ({ context }: { context: WorkingOrderContext }) => ({ id: context.id }),
      back: 'idle',
      done: { target: 'ended', actions: 'noteCancelled' },
      refused: 'idle',
    }),
    ended: { tags: ['ended'] },
  },
})
