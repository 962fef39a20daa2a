import type { RechargeChannel } from '@kabu/shared/api/funds'
import { assign, fromPromise, setup } from 'xstate'
import {
  errorKey,
  idleReviewWatch,
  isApproved,
  notProvided,
  recordFailure,
  verdictReason,
  watchRequest,
} from '../../state/review/review-states'
import type { ReviewVerdictEvent } from './review-watch'

export { errorKey }

export interface DepositDraft {
  money: string
  voucher: string | undefined
}

export interface DepositContext {
  channel: RechargeChannel | null
  draft: DepositDraft | null
  /** One idempotency key per confirmed draft: a retry after a network error cannot pay twice. */
  idem: string | null
  requestId: string | null
  reason: string | null
  error: string | null
}

export type DepositEvent =
  | { type: 'SUBMIT'; draft: DepositDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | ReviewVerdictEvent

/**
 * A deposit, in the states of spec §4: the form (with the channel loaded), a confirmation before
 * anything is sent, then pending review → approved | rejected. The calls and the watch on the
 * verdict are injected actors; `newIdem` makes the idempotency key of each confirmed draft.
 */
export const depositMachine = setup({
  types: { context: {} as DepositContext, events: {} as DepositEvent },
  actors: {
    loadChannel: fromPromise<RechargeChannel>(notProvided('loadChannel')),
    submit: fromPromise<{ id: string }, DepositDraft & { idem: string }>(notProvided('submit')),
    watchReview: idleReviewWatch(),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the screen, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    reset: assign({ draft: null, idem: null, requestId: null, reason: null, error: null }),
  },
}).createMachine({
  id: 'deposit',
  context: { channel: null, draft: null, idem: null, requestId: null, reason: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadChannel',
        src: 'loadChannel',
        onDone: { target: 'editing', actions: assign({ channel: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: recordFailure,
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      tags: ['form'],
      on: {
        SUBMIT: {
          target: 'confirming',
          actions: [assign({ draft: ({ event }) => event.draft, error: null }), 'newIdem'],
        },
      },
    },
    confirming: {
      tags: ['form', 'confirm'],
      on: {
        CONFIRM: 'submitting',
        CANCEL: { target: 'editing', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['form', 'confirm', 'busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ ...context.draft!, idem: context.idem ?? '' }),
        onDone: {
          target: 'pendingReview',
          actions: assign({ requestId: ({ event }) => event.output.id }),
        },
        // Back to the confirmation: confirming again resends with the same key.
        onError: {
          target: 'confirming',
          actions: recordFailure,
        },
      },
    },
    pendingReview: {
      tags: ['request'],
      invoke: watchRequest<DepositContext>((context) => context.requestId),
      on: {
        REVIEWED: [
          { guard: isApproved, target: 'approved' },
          { target: 'rejected', actions: assign({ reason: verdictReason }) },
        ],
      },
    },
    approved: { tags: ['request'], on: { NEW: { target: 'loading', actions: 'reset' } } },
    rejected: { tags: ['request'], on: { NEW: { target: 'loading', actions: 'reset' } } },
  },
})
