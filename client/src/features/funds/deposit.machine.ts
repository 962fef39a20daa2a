import type { RechargeChannel } from '@kabu/shared/api/funds'
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
    ...requestActions<DepositContext, DepositEvent>(),
    keepLoaded: assign((_, channel: RechargeChannel) => ({ channel })),
    takeDraft: assign((_, submit: { draft: DepositDraft }) => ({ draft: submit.draft })),
    keepSent: assign((_, sent: { id: string }) => ({ requestId: sent.id })),
    reset: assign({ draft: null, idem: null, requestId: null, reason: null, error: null }),
  },
}).createMachine({
  id: 'deposit',
  context: { channel: null, draft: null, idem: null, requestId: null, reason: null, error: null },
  initial: 'loading',
  states: {
    ...requestStates({
      load: 'loadChannel',
      input: ({ context }: { context: DepositContext }) => ({
        ...context.draft!,
        idem: context.idem ?? '',
      }),
      sent: 'pendingReview',
    }),
    ...reviewStates({
      requestId: (context: DepositContext) => context.requestId,
      tag: 'request',
      approved: 'approved',
    }),
    approved: startsOver(['request']),
  },
})
