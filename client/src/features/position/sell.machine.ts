import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** Holding status codes of API.md: 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export type StatusEvent = { type: 'STATUS'; status: number }
export interface SellDraft {
  num: number
  /** Decimal string of a limit price; null sells at the market. */
  price: string | null
  /** A stop, trailing stop or OCO: its `/trade/sell` fields (sell-kinds.ts), sent for `price`. */
  wire?: Record<string, string | undefined>
}

export interface SellContext {
  id: string
  /** The row the accepted sell created: the holding itself, or the part split off a partial sell. */
  soldId: string | null
  /** A part of the holding was sold and closed: the rest is still held and can be sold. */
  partSold: boolean
  draft: SellDraft | null
  idem: string | null
  error: string | null
}

export type SellEvent =
  | { type: 'SELL'; draft: SellDraft }
  /** The quantity chosen on the confirmation (whole lots, at most the holding). */
  | { type: 'QUANTITY'; num: number }
  | { type: 'CANCEL_ORDER' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | StatusEvent

/**
 * Selling a holding (or cancelling a resting order) from its detail: confirmation first, then the
 * gateway's answer. A refusal (15-minute lock, T+1, not in holding state) returns to the holding
 * with its message; an accepted sell is closing until the watch reports it closed.
 */
export const sellMachine = setup({
  types: {
    context: {} as SellContext,
    events: {} as SellEvent,
    input: {} as { id: string },
  },
  actors: {
    sell: fromPromise<{ id: string }, SellDraft & { id: string; idem: string }>(
      notProvided('sell'),
    ),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
    watch: fromCallback<StatusEvent, { id: string }>(() => () => {}),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    changeQuantity: assign(({ context, event }) => ({
      draft: event.type === 'QUANTITY' ? { ...context.draft!, num: event.num } : context.draft,
    })),
    keepSold: assign((_, sold: { id: string }) => ({ soldId: sold.id })),
  },
}).createMachine({
  id: 'sell',
  context: ({ input }) => ({
    id: input.id,
    soldId: null,
    partSold: false,
    draft: null,
    idem: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELL: {
          target: 'confirmingSell',
          actions: [
            assign({ draft: ({ event }) => event.draft, error: null, partSold: false }),
            'newIdem',
          ],
        },
        CANCEL_ORDER: { target: 'confirmingCancel', actions: assign({ error: null }) },
      },
    },
    ...confirmStates({
      confirming: 'confirmingSell',
      submitting: 'selling',
      call: 'sell',
      input: ({ context }: { context: SellContext }) => ({
        ...context.draft!,
        id: context.id,
        idem: context.idem ?? '',
      }),
      back: 'idle',
      on: {
        // A new quantity is a different order: it gets its own idempotency key.
        QUANTITY: {
          guard: ({ event }: { event: SellEvent }) =>
            event.type === 'QUANTITY' && Number.isSafeInteger(event.num) && event.num > 0,
          actions: ['changeQuantity', 'newIdem'],
        },
      },
      done: { target: 'closing', actions: { type: 'keepSold', params: outputOf } },
      refused: 'idle',
    }),
    closing: {
      tags: ['busy'],
      // A partial sell is watched on its own row; the rest of the holding stays in holding.
      invoke: { src: 'watch', input: ({ context }) => ({ id: context.soldId ?? context.id }) },
      on: {
        STATUS: [
          {
            guard: ({ context, event }) => event.status === 4 && context.soldId !== context.id,
            target: 'idle',
            actions: assign({ partSold: true, soldId: null }),
          },
          { guard: ({ event }) => event.status === 4, target: 'closed' },
          // Back in holding: the market did not take the sell (a limit that expired).
          { guard: ({ event }) => event.status === 0, target: 'idle' },
        ],
      },
    },
    ...confirmStates({
      confirming: 'confirmingCancel',
      submitting: 'cancelling',
      call: 'cancelOrder',
      input: ({ context }: { context: SellContext }) => ({ id: context.id }),
      back: 'idle',
      done: 'cancelled',
      refused: 'idle',
    }),
    closed: { tags: ['ended'] },
    cancelled: { tags: ['ended'] },
  },
})
