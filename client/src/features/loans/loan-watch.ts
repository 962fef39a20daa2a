import { filter, type Observable } from 'rxjs'
import type { LoanStatusCode } from '@kabu/shared/api/loans'
import type { UserEvent } from '@kabu/shared/realtime'
import type { ReviewVerdict } from '../../state/review/review-states'
import { firstVerdict$, VERDICT_POLL_MS } from '../../state/review/verdict-watch'

export type LoanVerdictEvent = ReviewVerdict

/**
 * The verdict on one loan request, from whichever says first: the `/user` socket's
 * `review:decided` event of kind `loan`, or the loan's own row. Emits once.
 */
export function loanVerdict$(
  id: string,
  events$: Observable<UserEvent>,
  readStatus: () => Promise<{ status: LoanStatusCode; reason: string | null } | undefined>,
  pollMs = VERDICT_POLL_MS,
): Observable<LoanVerdictEvent> {
  const live = events$.pipe(
    filter(
      (e): e is Extract<UserEvent, { type: 'review:decided' }> =>
        e.type === 'review:decided' && e.kind === 'loan' && e.id === id,
    ),
  )
  const read = async () => {
    const row = await readStatus()
    if (row === undefined || row.status === 0) return undefined
    // Approved and since repaid is still an approval.
    return {
      status: row.status === 2 ? ('rejected' as const) : ('approved' as const),
      reason: row.reason,
    }
  }
  return firstVerdict$(live, read, pollMs)
}
