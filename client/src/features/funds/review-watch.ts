import { filter, interval, map, merge, switchMap, take, from } from 'rxjs'
import type { ReviewStatusCode } from '@kabu/shared/api/funds'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Observable } from 'rxjs'
import type { ReviewVerdict } from '../../state/review/review-states'

export type ReviewVerdictEvent = ReviewVerdict

// The socket tells at once; the list is asked now and then in case the socket was down meanwhile.
const POLL_MS = 15_000

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
    map((e): ReviewVerdictEvent => ({
      type: 'REVIEWED',
      status: e.status,
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  )
  const polled = interval(POLL_MS).pipe(
    switchMap(() => from(readStatus())),
    filter((row) => row !== undefined && row.status !== 0),
    map((row): ReviewVerdictEvent => ({
      type: 'REVIEWED',
      status: row!.status === 1 ? 'approved' : 'rejected',
      ...(row!.reason ? { reason: row!.reason } : {}),
    })),
  )
  return merge(live, polled).pipe(take(1))
}
