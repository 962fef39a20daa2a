import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** What a buy-to-cover (買埋) sends: the short whole, at the market (API.md "Orders"). */
export interface CoverOrder {
  code: string
  num: number
}

export interface CoverContext {
  /** The short position. */
  id: string
  order: CoverOrder | null
  idem: string | null
  error: string | null
}

export type CoverEvent =
  { type: 'COVER'; order: CoverOrder } | { type: 'CONFIRM' } | { type: 'CANCEL' }

/**
 * Buying a short back (返済買い) from its detail: a confirmation that reads the order back, then
 * `/trade/buy` with the short's id. The gateway covers it at once and whole, so an accepted cover
 * is `covered`; a refusal (quote stale, outside trading hours) returns to the position with its
 * message, and a new try gets a new idempotency key.
 */
export const coverMachine = setup({
  types: {
    context: {} as CoverContext,
    events: {} as CoverEvent,
    input: {} as { id: string },
  },
  actors: {
    cover: fromPromise<{ id: string }, CoverOrder & { id: string; idem: string }>(
      notProvided('cover'),
    ),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
  },
  guards: {
    wholeShares: ({ event }) =>
      event.type === 'COVER' && Number.isSafeInteger(event.order.num) && event.order.num > 0,
  },
}).createMachine({
  id: 'cover',
  context: ({ input }) => ({ id: input.id, order: null, idem: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        COVER: {
          guard: 'wholeShares',
          target: 'confirming',
          actions: [assign({ order: ({ event }) => event.order, error: null }), 'newIdem'],
        },
      },
    },
    ...confirmStates({
      call: 'cover',
      submitting: 'covering',
      input: ({ context }: { context: CoverContext }) => ({
        ...context.order!,
        id: context.id,
        idem: context.idem ?? '',
      }),
      back: 'idle',
      done: 'covered',
      refused: 'idle',
    }),
    covered: { tags: ['ended'] },
  },
})
