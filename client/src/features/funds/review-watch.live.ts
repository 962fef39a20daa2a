import type { ReviewStatusCode } from '@kabu/shared/api/funds'
import { fromCallback } from 'xstate'
import { userEvents$ } from '../../realtime/user-events'
import { reviewVerdict$, type ReviewVerdictEvent } from './review-watch'

/** What both money machines are given in the app: a fresh idempotency key, a live verdict watch. */

export const newIdem = (): string => crypto.randomUUID()

export function watchReviewActor(
  kind: 'deposit' | 'withdraw',
  readStatus: (
    id: string,
  ) => Promise<{ status: ReviewStatusCode; reason: string | null } | undefined>,
) {
  return fromCallback<ReviewVerdictEvent, { id: string }>(({ sendBack, input }) => {
    const subscription = reviewVerdict$(kind, input.id, userEvents$(), () =>
      readStatus(input.id),
    ).subscribe(sendBack)
    return () => subscription.unsubscribe()
  })
}
