import { assertEvent, fromCallback, type EventObject } from 'xstate'

/**
 * Pieces every "sent, now awaiting review" machine shares (deposit, withdrawal, loan): the
 * request is watched until an operator decides, then it is approved or rejected with a reason.
 * `request-states.ts` puts them together into the states those machines have in common.
 */

/** The one event a review watch sends back, once. */
export interface ReviewVerdict {
  type: 'REVIEWED'
  status: 'approved' | 'rejected'
  reason?: string
}

/** The default `watchReview` actor: silent until the screen (or a test) provides a real watch. */
export const idleReviewWatch = () => fromCallback<ReviewVerdict, { id: string }>(() => () => {})

/** The `pendingReview` invoke: watches the request whose id the context holds. */
export const watchRequest = <TContext>(requestId: (context: TContext) => string | null) =>
  ({
    id: 'watchReview',
    src: 'watchReview',
    input: ({ context }: { context: TContext }) => ({ id: requestId(context) ?? '' }),
  }) as const

/** Guard of the REVIEWED transition that leads to the approved side. */
export const isApproved = ({ event }: { event: ReviewVerdict }) => event.status === 'approved'

/** What a rejection says, for `assign({ reason })` on the REVIEWED transition. */
export const verdictReason = ({ event }: { event: EventObject }): string | null => {
  assertEvent(event, 'REVIEWED')
  return (event as ReviewVerdict).reason ?? null
}
