import { filter, from, interval, map, merge, switchMap, take, type Observable } from 'rxjs'
import type { LoanStatusCode } from '@kabu/shared/api/loans'
import type { UserEvent } from '@kabu/shared/realtime'
import type { ReviewVerdict } from '../../state/review/review-states'

export type LoanVerdictEvent = ReviewVerdict

// The socket tells at once; the list is asked now and then in case the socket was down meanwhile.
const POLL_MS = 15_000

/**
 * The verdict on one loan request, from whichever says first: the `/user` socket's
 * `review:decided` event of kind `loan`, or the loan's own row. Emits once.
 */
export function loanVerdict$(
  id: string,
  events$: Observable<UserEvent>,
  readStatus: () => Promise<{ status: LoanStatusCode; reason: string | null } | undefined>,
  pollMs = POLL_MS,
): Observable<LoanVerdictEvent> {
  const live = events$.pipe(
    filter(
      (e): e is Extract<UserEvent, { type: 'review:decided' }> =>
        e.type === 'review:decided' && e.kind === 'loan' && e.id === id,
    ),
    map((e): LoanVerdictEvent => ({
      type: 'REVIEWED',
      status: e.status,
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  )
  const polled = interval(pollMs).pipe(
    switchMap(() => from(readStatus())),
    filter((row) => row !== undefined && row.status !== 0),
    map((row): LoanVerdictEvent => ({
      type: 'REVIEWED',
      // Approved and since repaid is still an approval.
      status: row!.status === 2 ? 'rejected' : 'approved',
      ...(row!.reason ? { reason: row!.reason } : {}),
    })),
  )
  return merge(live, polled).pipe(take(1))
}
