import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { OrderDraft, OrderEstimate } from './order-draft'

/** Holding status codes of API.md: 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export type HoldingStatusCode = 0 | 1 | 2 | 3 | 4
export type OrderStatusEvent = { type: 'STATUS'; status: HoldingStatusCode }
export interface SellRequest {
  num: number
  /** Decimal string of a limit price; null sells at the market. */
  price: string | null
}

export interface OrderContext {
  draft: OrderDraft | null
  estimate: OrderEstimate | null
  idem: string | null
  orderId: string | null
  sell: SellRequest | null
  error: string | null
}

export type OrderEvent =
  | { type: 'SUBMIT'; draft: OrderDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL_ORDER' }
  | { type: 'SELL'; sell: SellRequest }
  | { type: 'NEW' }
  | OrderStatusEvent

/** The refusal key a failed actor carries (a VueRefusal's `msg`); anything else is the network. */
export const errorKey = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
}

/** Spec §8 refusals that no change of the draft can fix: the order ends failed. */
export const FATAL_REFUSALS: ReadonlySet<string> = new Set([
  'outside_trading_time',
  'trading_barred',
  'account_frozen',
  'account_banned',
  'not_listed',
  'cannot_purchase',
])
/** Refusals where the same confirmed order (same idempotency key) may simply be sent again. */
export const RETRY_REFUSALS: ReadonlySet<string> = new Set(['network_error', 'too_frequent'])

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`))
const is = (code: HoldingStatusCode) => ({ type: 'statusIs', params: { is: code } }) as const

/**
 * One order of the buy panel, in the states of spec §4 and the issue: draft → validating →
 * confirming → submitting → pending | holding → closing → closed, with cancel (a resting limit
 * order) and failure paths. A refusal of spec §8 lands where the user can act on it: back at the
 * draft (fix the input), at the confirmation (retry the same order), or failed (nothing to fix).
 */
export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent },
  actors: {
    validate: fromPromise<OrderEstimate, OrderDraft>(notProvided('validate')),
    submit: fromPromise<{ id: string }, OrderDraft & { idem: string }>(notProvided('submit')),
    watchOrder: fromCallback<OrderStatusEvent, { id: string }>(() => () => {}),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
    sell: fromPromise<{ id: string }, SellRequest & { id: string; idem: string }>(
      notProvided('sell'),
    ),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    reset: assign({
      draft: null,
      estimate: null,
      idem: null,
      orderId: null,
      sell: null,
      error: null,
    }),
  },
  guards: {
    statusIs: ({ event }, params: { is: HoldingStatusCode }) =>
      event.type === 'STATUS' && event.status === params.is,
    fatal: ({ context }) => context.error !== null && FATAL_REFUSALS.has(context.error),
    retryable: ({ context }) => context.error !== null && RETRY_REFUSALS.has(context.error),
  },
}).createMachine({
  id: 'order',
  context: { draft: null, estimate: null, idem: null, orderId: null, sell: null, error: null },
  initial: 'draft',
  states: {
    draft: {
      tags: ['form'],
      on: {
        SUBMIT: {
          target: 'validating',
          actions: assign({ draft: ({ event }) => event.draft, error: null }),
        },
      },
    },
    validating: {
      tags: ['form', 'busy'],
      invoke: {
        src: 'validate',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'confirming',
          actions: [assign({ estimate: ({ event }) => event.output }), 'newIdem'],
        },
        onError: {
          target: 'draft',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      tags: ['form', 'confirm'],
      on: {
        CONFIRM: { target: 'submitting', actions: assign({ error: null }) },
        CANCEL: { target: 'draft', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['form', 'confirm', 'busy'],
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ ...context.draft!, idem: context.idem ?? '' }),
        onDone: {
          target: 'placed',
          actions: assign({ orderId: ({ event }) => event.output.id }),
        },
        onError: {
          target: 'routingRefusal',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    routingRefusal: {
      always: [
        { guard: 'fatal', target: 'failed' },
        { guard: 'retryable', target: 'confirming' },
        { target: 'draft' },
      ],
    },
    placed: {
      tags: ['placed'],
      invoke: { src: 'watchOrder', input: ({ context }) => ({ id: context.orderId ?? '' }) },
      initial: 'tracking',
      on: {
        STATUS: [
          { guard: is(0), target: '.holding' },
          { guard: is(2), target: '.pending' },
          { guard: is(1), target: '.closing' },
          { guard: is(3), target: 'cancelled' },
          { guard: is(4), target: 'closed' },
        ],
      },
      states: {
        tracking: { tags: ['busy'] },
        pending: { on: { CANCEL_ORDER: 'cancelling' } },
        cancelling: {
          tags: ['busy'],
          // The watch reports `cancelled` (or a fill that came first); a stale `pending` is ignored.
          on: { STATUS: [{ guard: is(2) }] },
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => ({ id: context.orderId ?? '' }),
            onError: {
              target: 'pending',
              actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        holding: {
          on: {
            SELL: {
              target: 'selling',
              actions: [assign({ sell: ({ event }) => event.sell, error: null }), 'newIdem'],
            },
          },
        },
        selling: {
          tags: ['busy'],
          on: { STATUS: [{ guard: is(0) }] },
          invoke: {
            src: 'sell',
            input: ({ context }) => ({
              ...context.sell!,
              id: context.orderId ?? '',
              idem: context.idem ?? '',
            }),
            onDone: 'closing',
            onError: {
              target: 'holding',
              actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        closing: {},
      },
    },
    cancelled: { tags: ['ended'], on: { NEW: { target: 'draft', actions: 'reset' } } },
    closed: { tags: ['ended'], on: { NEW: { target: 'draft', actions: 'reset' } } },
    failed: { tags: ['ended'], on: { NEW: { target: 'draft', actions: 'reset' } } },
  },
})

/** The event the machine's STATUS transitions read; exported for the live watch. */
export function statusEvent(status: number): OrderStatusEvent | null {
  return status >= 0 && status <= 4 && Number.isInteger(status)
    ? { type: 'STATUS', status: status as HoldingStatusCode }
    : null
}
