import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf, recordFailure } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'
import type { OrderDraft, OrderEstimate } from './order-draft'

/** Holding status codes of API.md: 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export type HoldingStatusCode = 0 | 1 | 2 | 3 | 4
export type OrderStatusEvent = { type: 'STATUS'; status: HoldingStatusCode }

export interface OrderContext {
  draft: OrderDraft | null
  estimate: OrderEstimate | null
  idem: string | null
  orderId: string | null
  error: string | null
}

export type OrderEvent =
  | { type: 'SUBMIT'; draft: OrderDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL_ORDER' }
  | { type: 'NEW' }
  | OrderStatusEvent

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

const is = (code: HoldingStatusCode) => ({ type: 'statusIs', params: { is: code } }) as const

/**
 * One order of the buy panel, in the states of spec §4 and the issue: draft → validating →
 * confirming → submitting → pending | holding → closing → closed, with cancel (a resting limit
 * order) and failure paths. A refusal of spec §8 lands where the user can act on it: back at the
 * draft (fix the input), at the confirmation (retry the same order), or failed (nothing to fix).
 * The holding is sold from the position screen (position/sell.machine.ts, the one sell model);
 * this machine follows it there through the status watch: closing, then closed.
 */
export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent },
  actors: {
    validate: fromPromise<OrderEstimate, OrderDraft>(notProvided('validate')),
    submit: fromPromise<{ id: string }, OrderDraft & { idem: string }>(notProvided('submit')),
    watchOrder: fromCallback<OrderStatusEvent, { id: string }>(() => () => {}),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    clearError: assign({ error: null }),
    keepPlaced: assign((_, placed: { id: string }) => ({ orderId: placed.id })),
    reset: assign({ draft: null, estimate: null, idem: null, orderId: null, error: null }),
  },
  guards: {
    statusIs: ({ event }, params: { is: HoldingStatusCode }) =>
      event.type === 'STATUS' && event.status === params.is,
    fatal: ({ context }) => context.error !== null && FATAL_REFUSALS.has(context.error),
    retryable: ({ context }) => context.error !== null && RETRY_REFUSALS.has(context.error),
  },
}).createMachine({
  id: 'order',
  context: { draft: null, estimate: null, idem: null, orderId: null, error: null },
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
        id: 'validate',
        src: 'validate',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'confirming',
          actions: [assign({ estimate: ({ event }) => event.output }), 'newIdem'],
        },
        onError: {
          target: 'draft',
          actions: recordFailure,
        },
      },
    },
    ...confirmStates({
      tags: ['form', 'confirm'],
      call: 'submit',
      input: ({ context }: { context: OrderContext }) => ({
        ...context.draft!,
        idem: context.idem ?? '',
      }),
      confirm: { target: 'submitting', actions: 'clearError' },
      back: { target: 'draft', actions: 'clearError' },
      done: { target: 'placed', actions: { type: 'keepPlaced', params: outputOf } },
      // Where a refusal leaves the user depends on what can fix it.
      refused: 'routingRefusal',
    }),
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
              actions: recordFailure,
            },
          },
        },
        holding: {},
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
