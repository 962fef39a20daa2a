import type { BankCard } from '@kabu/shared/api/banks'
import type { WithdrawRules } from '@kabu/shared/api/funds'
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

export interface WithdrawDraft {
  money: string
  bankId: string
  fundPassword: string
}

export interface WithdrawSetup {
  rules: WithdrawRules
  cards: BankCard[]
}

export interface WithdrawContext {
  setup: WithdrawSetup | null
  draft: WithdrawDraft | null
  idem: string | null
  requestId: string | null
  reason: string | null
  error: string | null
}

export type WithdrawEvent =
  | { type: 'SUBMIT'; draft: WithdrawDraft }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | ReviewVerdictEvent

/** Whether every published rule that does not depend on the amount holds now. */
export const rulesHold = (rules: WithdrawRules) =>
  rules.verified && rules.card_bound && rules.fund_password_set && rules.window_open

/**
 * A withdrawal, in the states of spec §4: the rules and cards are loaded and shown first, the
 * form, a confirmation, then pending review (the amount is frozen) → approved (paid out) |
 * rejected (unfrozen, with the reason). A refusal returns to the confirmation with its key.
 */
export const withdrawMachine = setup({
  types: { context: {} as WithdrawContext, events: {} as WithdrawEvent },
  actors: {
    loadSetup: fromPromise<WithdrawSetup>(notProvided('loadSetup')),
    submit: fromPromise<{ id: string }, WithdrawDraft & { idem: string }>(notProvided('submit')),
    watchReview: idleReviewWatch(),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    newIdem: assign({ idem: () => null as string | null }),
    reset: assign({ draft: null, idem: null, requestId: null, reason: null, error: null }),
  },
  guards: {
    allowed: ({ context }) => context.setup !== null && rulesHold(context.setup.rules),
  },
}).createMachine({
  id: 'withdraw',
  context: { setup: null, draft: null, idem: null, requestId: null, reason: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: { target: 'editing', actions: assign({ setup: ({ event }) => event.output }) },
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
          guard: 'allowed',
          target: 'confirming',
          actions: [assign({ draft: ({ event }) => event.draft, error: null }), 'newIdem'],
        },
        RETRY: 'loading',
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
        onError: {
          target: 'confirming',
          actions: recordFailure,
        },
      },
    },
    pendingReview: {
      tags: ['request'],
      invoke: watchRequest<WithdrawContext>((context) => context.requestId),
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
