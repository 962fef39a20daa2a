import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf, recordFailure } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'
import type { ShortDraft, ShortEstimate } from './short-draft'

export interface ShortContext {
  draft: ShortDraft | null
  estimate: ShortEstimate | null
  idem: string | null
  /** The short position the gateway opened (its holding id). */
  positionId: string | null
  error: string | null
}

export type ShortEvent =
  | { type: 'SUBMIT'; draft: ShortDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** From the outcome: back to the ticket, as it was, for another try. */
  | { type: 'EDIT' }

/**
 * Refusals the ticket can fix (fewer lots, another leverage, a fresh price): back to it with the
 * message. Network trouble resends the same confirmed order; any other refusal (identity not
 * verified, outside trading hours, barred, an upstream's own text) ends at the outcome.
 */
export const FIXABLE_REFUSALS: ReadonlySet<string> = new Set([
  'insufficient_balance',
  'lot_size',
  'invalid_input',
  'price_unavailable',
  'quote_stale',
  'credit_market_only',
])
export const RETRY_REFUSALS: ReadonlySet<string> = new Set(['network_error', 'too_frequent'])

/**
 * A credit short sale (信用新規売り / 売建) from the stock page: ticket → validating (the live
 * price, the wallet) → confirming (read back) → submitting (`/trade/sell` without a holding id)
 * → opened, or refused. The gateway opens a short at once at the last price, so there is no order
 * to follow: the outcome links to the new position.
 */
export const shortMachine = setup({
  types: { context: {} as ShortContext, events: {} as ShortEvent },
  actors: {
    validate: fromPromise<ShortEstimate, ShortDraft>(notProvided('validate')),
    open: fromPromise<{ id: string }, ShortDraft & { num: number; idem: string }>(
      notProvided('open'),
    ),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    clearError: assign({ error: null }),
    keepOpened: assign((_, opened: { id: string }) => ({ positionId: opened.id })),
  },
  guards: {
    fixable: ({ context }) => context.error !== null && FIXABLE_REFUSALS.has(context.error),
    retryable: ({ context }) => context.error !== null && RETRY_REFUSALS.has(context.error),
  },
}).createMachine({
  id: 'short',
  context: { draft: null, estimate: null, idem: null, positionId: null, error: null },
  initial: 'ticket',
  states: {
    ticket: {
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
        onError: { target: 'ticket', actions: recordFailure },
      },
    },
    ...confirmStates({
      call: 'open',
      input: ({ context }: { context: ShortContext }) => ({
        ...context.draft!,
        num: context.estimate?.shares ?? 0,
        idem: context.idem ?? '',
      }),
      confirm: { target: 'submitting', actions: 'clearError' },
      back: { target: 'ticket', actions: 'clearError' },
      done: { target: 'opened', actions: { type: 'keepOpened', params: outputOf } },
      refused: 'routingRefusal',
    }),
    routingRefusal: {
      always: [
        { guard: 'retryable', target: 'confirming' },
        { guard: 'fixable', target: 'ticket' },
        { target: 'refused' },
      ],
    },
    opened: { tags: ['ended'] },
    refused: {
      tags: ['ended'],
      on: { EDIT: { target: 'ticket', actions: 'clearError' } },
    },
  },
})
