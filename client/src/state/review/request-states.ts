import { assign, type EventObject } from 'xstate'
import { errorKey, outputOf, recordFailure } from '../machine-helpers'
import { confirmStates } from './confirm-states'
import { isApproved, verdictReason, watchRequest } from './review-states'

/**
 * The one model of a request the user confirms before anything is sent (deposit, withdrawal,
 * loan, exchange), as states for `createMachine({ states })`:
 *
 *   loading → editing → confirming → submitting → sent      (a failed load waits in loadFailed)
 *
 * The confirmation and the call are {@link confirmStates}: CANCEL goes back to the form, a refusal
 * comes back to the confirmation with its key, and confirming again resends with the same key. Requests an operator
 * decides go on with {@link reviewStates}. Each machine keeps its own `setup()`: the load actor
 * named by `load`, the `submit` actor, `requestActions` and, for its own context, the actions
 * `keepLoaded` (params: what loaded), `takeDraft` (params: the SUBMIT event) and `keepSent`
 * (params: the submit's answer).
 */

/** What every request machine keeps besides its own data. */
export interface RequestContext {
  /** One key per confirmed draft: a retry after a network error cannot send twice. */
  idem: string | null
  error: string | null
  reason?: string | null
}

/** The actions every request machine's `setup()` spreads in; `newIdem` is injected. */
export const requestActions = <TContext extends RequestContext, TEvent extends EventObject>() => {
  // Every request context has these fields; TypeScript cannot see it through the generic.
  const update = <TParams>(change: (event: TEvent, params: TParams) => Partial<RequestContext>) =>
    assign<TContext, TEvent, TParams, TEvent, never>(
      ({ event }, params) => change(event, params) as Partial<TContext>,
    )
  return {
    recordError: update((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    clearError: update(() => ({ error: null })),
    /** Injected: a fresh key (crypto.randomUUID in the screen, a counter or uuid in tests). */
    newIdem: update(() => ({ idem: null })),
    /** What a rejection says, kept for the screen. */
    keepReason: update((event) => ({ reason: verdictReason({ event }) })),
  }
}

const submitted = <T>({ event }: { event: T }) => event

export const requestStates = <
  TContext,
  TLoad extends string,
  TInput,
  TGuard extends string = never,
>(flow: {
  /** The load actor's name (and its invoke id, which tests address it by). */
  load: TLoad
  /** Where a load goes on: the form, or a state that routes by what loaded (the loan). */
  loaded?: string
  /** The guard a SUBMIT must pass; a draft that fails it stays in the form. */
  guard?: TGuard
  /** The submit actor's input: the confirmed draft and its key. */
  input: (args: { context: TContext }) => TInput
  /** Where an accepted submit goes: the review, or the result (the exchange). */
  sent: string
}) =>
  ({
    loading: {
      tags: ['busy'],
      invoke: {
        id: flow.load,
        src: flow.load,
        onDone: {
          target: flow.loaded ?? 'editing',
          actions: { type: 'keepLoaded', params: outputOf },
        },
        onError: { target: 'loadFailed', actions: recordFailure },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      tags: ['form'],
      on: {
        SUBMIT: {
          ...(flow.guard === undefined ? {} : { guard: flow.guard }),
          target: 'confirming',
          actions: [{ type: 'takeDraft', params: submitted }, 'clearError', 'newIdem'],
        },
      },
    },
    ...confirmStates({
      call: 'submit',
      tags: ['form', 'confirm'],
      input: flow.input,
      back: { target: 'editing', actions: 'clearError' },
      done: { target: flow.sent, actions: { type: 'keepSent', params: outputOf } },
    }),
  }) as const

/**
 * The review an operator gives a sent request: `pendingReview` watches it (the `watchReview`
 * actor) until approved (to `approved`) or rejected (to `rejected`, with the reason). `tag` is
 * what the screen asks the review states by.
 */
export const reviewStates = <TContext>(review: {
  requestId: (context: TContext) => string | null
  tag: string
  /** Where an approval goes: the end state, or a reload that shows what it changed (the loan). */
  approved: string
}) =>
  ({
    pendingReview: {
      tags: [review.tag],
      invoke: watchRequest(review.requestId),
      on: {
        REVIEWED: [
          { guard: isApproved, target: review.approved },
          { target: 'rejected', actions: 'keepReason' },
        ],
      },
    },
    rejected: startsOver([review.tag]),
  }) as const

/** An end state where NEW starts another request from a fresh load (`reset` clears the last). */
export const startsOver = (tags: string[] = []) =>
  ({ tags, on: { NEW: { target: 'loading', actions: 'reset' } } }) as const
