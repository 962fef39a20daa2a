import { filter, type Observable } from 'rxjs'
import type { ReviewStatusCode } from '@kabu/shared/api/funds'
import type { UserEvent } from '@kabu/shared/realtime'
import type { ReviewVerdict } from '../../state/review/review-states'
import { firstVerdict$ } from '../../state/review/verdict-watch'

export type ReviewVerdictEvent = ReviewVerdict

/**
 * The verdict on one deposit or withdrawal, from whichever says first: the `/user` socket's
 * `funds:reviewed` event or the request's own list. Emits once.
 */
export function reviewVerdict$(
  kind: 'deposit' | 'withdraw',
  id: string,
  events$: Observable<UserEvent>,
  readStatus: () => Promise<{ status: ReviewStatusCode; reason: string | null } | undefined>,
): Observable<ReviewVerdictEvent> {
  const live = events$.pipe(
    filter(
      (e): e is Extract<UserEvent, { type: 'funds:reviewed' }> =>
        e.type === 'funds:reviewed' && e.kind === kind && e.id === id,
    ),
  )
  const read = async () => {
    const row = await readStatus()
    if (row === undefined || row.status === 0) return undefined
    return {
      status: row.status === 1 ? ('approved' as const) : ('rejected' as const),
      reason: row.reason,
    }
  }
  return firstVerdict$(live, read)
}
