import { assign, fromCallback, fromPromise, setup } from 'xstate'

/** Holding status codes of API.md: 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export type StatusEvent = { type: 'STATUS'; status: number }
export interface SellDraft {
  num: number
  /** Decimal string of a limit price; null sells at the market. */
  price: string | null
}

export interface SellContext {
  id: string
  draft: SellDraft | null
  idem: string | null
  error: string | null
}

export type SellEvent =
  | { type: 'SELL'; draft: SellDraft }
  | { type: 'CANCEL_ORDER' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | StatusEvent

/** The refusal key a failed actor carries (a VueRefusal's `msg`); anything else is the network. */
const errorKey = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
}
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`))

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
    sell: fromPromise<unknown, SellDraft & { id: string; idem: string }>(notProvided('sell')),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
    watch: fromCallback<StatusEvent, { id: string }>(() => () => {}),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
  },
}).createMachine({
  id: 'sell',
  context: ({ input }) => ({ id: input.id, draft: null, idem: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELL: {
          target: 'confirmingSell',
          actions: [assign({ draft: ({ event }) => event.draft, error: null }), 'newIdem'],
        },
        CANCEL_ORDER: { target: 'confirmingCancel', actions: assign({ error: null }) },
      },
    },
    confirmingSell: {
      tags: ['confirm'],
      on: { CONFIRM: 'selling', BACK: 'idle' },
    },
    selling: {
      tags: ['confirm', 'busy'],
      invoke: {
        src: 'sell',
        input: ({ context }) => ({ ...context.draft!, id: context.id, idem: context.idem ?? '' }),
        onDone: 'closing',
        onError: {
          target: 'idle',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    closing: {
      tags: ['busy'],
      invoke: { src: 'watch', input: ({ context }) => ({ id: context.id }) },
      on: {
        STATUS: [
          { guard: ({ event }) => event.status === 4, target: 'closed' },
          // Back in holding: the market did not take the sell (a limit that expired).
          { guard: ({ event }) => event.status === 0, target: 'idle' },
        ],
      },
    },
    confirmingCancel: {
      tags: ['confirm'],
      on: { CONFIRM: 'cancelling', BACK: 'idle' },
    },
    cancelling: {
      tags: ['confirm', 'busy'],
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'cancelled',
        onError: {
          target: 'idle',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    closed: { tags: ['ended'] },
    cancelled: { tags: ['ended'] },
  },
})
