import type { BlockOffer } from '@kabu/shared/api/block'
import { assign, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'
import {
  requestActions,
  requestStates,
  reviewStates,
  startsOver,
} from '../../state/review/request-states'
import { idleReviewWatch, type ReviewVerdict } from '../../state/review/review-states'
import { blockNumError } from './block-form'

/** What the buy form loads: the offer and the wallet's available cash. */
export interface BlockSnapshot {
  offer: BlockOffer
  available: string
}

export interface BlockContext {
  snapshot: BlockSnapshot | null
  num: number | null
  fundPassword: string | null
  /** The request sent, in review or decided. */
  orderId: string | null
  idem: string | null
  reason: string | null
  error: string | null
}

export type BlockEvent =
  | { type: 'SUBMIT'; num: string; fundPassword: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | ReviewVerdict

export interface BlockBuyInput {
  id: string
  num: number
  fundPassword: string
  idem: string
}

/**
 * A block buy (立会外分売), in the shared review-request model: the offer and the funds load; the
 * form takes whole lots and the fund password; the confirmation shows the amount before any money
 * moves; the request, once sent, waits for review → approved (a holding at the block price) or
 * rejected (with the reason, the money returned). Refusals come back to the confirmation with their
 * key; confirming again resends with the same idempotency key.
 */
export const blockMachine = setup({
  types: { context: {} as BlockContext, events: {} as BlockEvent },
  actors: {
    load: fromPromise<BlockSnapshot>(notProvided('load')),
    submit: fromPromise<{ id: string }, BlockBuyInput>(notProvided('submit')),
    watchReview: idleReviewWatch(),
  },
  actions: {
    ...requestActions<BlockContext, BlockEvent>(),
    keepLoaded: assign((_, snapshot: BlockSnapshot) => ({ snapshot })),
    takeDraft: assign((_, submit: { num: string; fundPassword: string }) => ({
      num: Number(submit.num.trim()),
      fundPassword: submit.fundPassword,
    })),
    keepSent: assign((_, sent: { id: string }) => ({ orderId: sent.id, fundPassword: null })),
    reset: assign({
      num: null,
      fundPassword: null,
      orderId: null,
      idem: null,
      reason: null,
      error: null,
    }),
  },
  guards: {
    draftFits: ({ context, event }) =>
      event.type === 'SUBMIT' &&
      context.snapshot !== null &&
      event.fundPassword.length > 0 &&
      blockNumError(event.num, context.snapshot.offer, context.snapshot.available) === null,
  },
}).createMachine({
  id: 'block',
  context: {
    snapshot: null,
    num: null,
    fundPassword: null,
    orderId: null,
    idem: null,
    reason: null,
    error: null,
  },
  initial: 'loading',
  states: {
    ...requestStates({
      load: 'load',
      guard: 'draftFits',
      input: ({ context }: { context: BlockContext }): BlockBuyInput => ({
        id: context.snapshot?.offer.id ?? '',
        num: context.num ?? 0,
        fundPassword: context.fundPassword ?? '',
        idem: context.idem ?? '',
      }),
      sent: 'pendingReview',
    }),
    ...reviewStates({
      requestId: (context: BlockContext) => context.orderId,
      tag: 'review',
      approved: 'approved',
    }),
    approved: startsOver(['review']),
  },
})
