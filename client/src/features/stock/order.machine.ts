import { isWorking, type OrderStatus } from '@kabu/shared/api/orders'
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf, recordFailure } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'
import type { OrderDraft, OrderEstimate } from './order-draft'

/** Holding status codes of API.md: 0 holding, 1 closing, 2 pending, 3 cancelled, 4 closed. */
export type HoldingStatusCode = 0 | 1 | 2 | 3 | 4
/** Where the holding of what the order bought stands (the holding has the buy's id). */
export type OrderStatusEvent = { type: 'STATUS'; status: HoldingStatusCode }

/** The order as /trade/orderInfo reads it (API.md "Orders"), in the machine's words. */
export interface OrderProgress {
  status: OrderStatus
  /** Shares ordered, and how many of them filled so far. */
  num: number
  filled: number
  /** A stop's trigger; a trailing stop's, where it stands now; null for other kinds. */
  trigger: string | null
  /** A `refused` order's message key: the check its fired trigger failed. */
  refusal: string | null
}
export type OrderReportEvent = { type: 'ORDER' } & OrderProgress
/** What the order's watch reports: the order, and once it stopped working, its holding. */
export type OrderWatchEvent = OrderReportEvent | OrderStatusEvent

export interface OrderContext {
  draft: OrderDraft | null
  estimate: OrderEstimate | null
  idem: string | null
  orderId: string | null
  /** The order as last reported, for the outcome (its trigger, how much filled). */
  progress: OrderProgress | null
  error: string | null
}

export type OrderEvent =
  | { type: 'SUBMIT'; draft: OrderDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL_ORDER' }
  | { type: 'NEW' }
  | OrderWatchEvent

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
const orderIs = (status: OrderStatus) => ({ type: 'orderIs', params: { is: status } }) as const

/** A report of the order: kept, then sorted into the state it puts the order in. */
const REPORTED = { target: 'sorting', actions: 'keepProgress' } as const
const EMPTY_CONTEXT: OrderContext = {
  draft: null,
  estimate: null,
  idem: null,
  orderId: null,
  progress: null,
  error: null,
}

/**
 * One order of the buy panel, in the states of spec §4 and API.md "Orders": draft → validating →
 * confirming → submitting → placed, where the order's watch reports it waiting for its trigger (a
 * stop or trailing buy), pending (open in the book), partly filled, or bought (holding), then its
 * holding closing and closed. Cancel applies while it works; an order cancelled or lapsed after a
 * partial fill keeps what it bought, a holding. A refusal of spec §8 lands where the user can act
 * on it: back at the draft (fix the input), at the confirmation (retry the same order), or failed
 * (nothing to fix), as does a fired trigger whose order the gateway refused.
 * The holding is sold from the position screen (position/sell.machine.ts, the one sell model);
 * this machine follows it there through the holding's status: closing, then closed.
 */
export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent },
  actors: {
    validate: fromPromise<OrderEstimate, OrderDraft>(notProvided('validate')),
    submit: fromPromise<{ id: string }, OrderDraft & { idem: string }>(notProvided('submit')),
    watchOrder: fromCallback<OrderWatchEvent, { id: string }>(() => () => {}),
    cancelOrder: fromPromise<unknown, { id: string }>(notProvided('cancelOrder')),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    clearError: assign({ error: null }),
    keepPlaced: assign((_, placed: { id: string }) => ({ orderId: placed.id })),
    keepProgress: assign({
      progress: ({ event, context }) =>
        event.type === 'ORDER'
          ? {
              status: event.status,
              num: event.num,
              filled: event.filled,
              trigger: event.trigger,
              refusal: event.refusal,
            }
          : context.progress,
    }),
    recordRefusal: assign({ error: ({ context }) => context.progress?.refusal ?? null }),
    reset: assign(EMPTY_CONTEXT),
  },
  guards: {
    statusIs: ({ event }, params: { is: HoldingStatusCode }) =>
      event.type === 'STATUS' && event.status === params.is,
    orderIs: ({ context }, params: { is: OrderStatus }) => context.progress?.status === params.is,
    /** The order stopped working with shares bought: all of them, or the part a cancel kept. */
    bought: ({ context }) =>
      context.progress !== null &&
      !isWorking(context.progress.status) &&
      context.progress.filled > 0,
    /** A report that the order stopped working (a cancel landed, or a fill came first). */
    reportsEnd: ({ event }) => event.type === 'ORDER' && !isWorking(event.status),
    fatal: ({ context }) => context.error !== null && FATAL_REFUSALS.has(context.error),
    retryable: ({ context }) => context.error !== null && RETRY_REFUSALS.has(context.error),
  },
}).createMachine({
  id: 'order',
  context: EMPTY_CONTEXT,
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
      states: {
        tracking: { tags: ['busy'], on: { ORDER: REPORTED } },
        waiting: { on: { ORDER: REPORTED, CANCEL_ORDER: 'cancelling' } },
        pending: { on: { ORDER: REPORTED, CANCEL_ORDER: 'cancelling' } },
        partial: { on: { ORDER: REPORTED, CANCEL_ORDER: 'cancelling' } },
        cancelling: {
          tags: ['busy'],
          // A report read before the cancel landed still says the order works: only its end counts.
          on: { ORDER: { guard: 'reportsEnd', ...REPORTED } },
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => ({ id: context.orderId ?? '' }),
            onError: { target: 'sorting', actions: recordFailure },
          },
        },
        // Passed through at once: where the order's last report puts it.
        sorting: {
          always: [
            { guard: orderIs('waiting'), target: 'waiting' },
            { guard: orderIs('open'), target: 'pending' },
            { guard: orderIs('partial'), target: 'partial' },
            { guard: 'bought', target: 'holding' },
            { guard: orderIs('cancelled'), target: '#order.cancelled' },
            { guard: orderIs('expired'), target: '#order.expired' },
            { guard: orderIs('refused'), target: '#order.failed', actions: 'recordRefusal' },
            { target: 'tracking' },
          ],
        },
        // Reports of the order no longer matter here: it is done; its holding is followed.
        holding: {
          on: {
            STATUS: [
              { guard: is(1), target: 'closing' },
              { guard: is(4), target: '#order.closed' },
            ],
          },
        },
        closing: {
          on: {
            STATUS: [
              { guard: is(0), target: 'holding' },
              { guard: is(4), target: '#order.closed' },
            ],
          },
        },
      },
    },
    cancelled: { tags: ['ended'], on: { NEW: { target: 'draft', actions: 'reset' } } },
    expired: { tags: ['ended'], on: { NEW: { target: 'draft', actions: 'reset' } } },
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
