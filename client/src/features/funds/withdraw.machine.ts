import type { BankCard } from '@kabu/shared/api/banks'
import type { WithdrawRules } from '@kabu/shared/api/funds'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { assign, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'
import {
  requestActions,
  requestStates,
  reviewStates,
  startsOver,
} from '../../state/review/request-states'
import { idleReviewWatch } from '../../state/review/review-states'
import type { ReviewVerdictEvent } from './review-watch'

export interface WithdrawDraft {
  money: string
  bankId: string
  fundPassword: string
  /** A TOTP code, when the user has TOTP and typed one; else '' (a passkey signs, if enrolled). */
  totp: string
}

export interface WithdrawSetup {
  rules: WithdrawRules
  cards: BankCard[]
  /** The user's second factors: a withdrawal carries one of them once enrolled. */
  factors: SecondFactors | null
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
    ...requestActions<WithdrawContext, WithdrawEvent>(),
    keepLoaded: assign((_, loaded: WithdrawSetup) => ({ setup: loaded })),
    takeDraft: assign((_, submit: { draft: WithdrawDraft }) => ({ draft: submit.draft })),
    keepSent: assign((_, sent: { id: string }) => ({ requestId: sent.id })),
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
    ...requestStates({
      load: 'loadSetup',
      guard: 'allowed',
      input: ({ context }: { context: WithdrawContext }) => ({
        ...context.draft!,
        idem: context.idem ?? '',
      }),
      sent: 'pendingReview',
    }),
    ...reviewStates({
      requestId: (context: WithdrawContext) => context.requestId,
      tag: 'request',
      approved: 'approved',
    }),
    approved: startsOver(['request']),
  },
})
