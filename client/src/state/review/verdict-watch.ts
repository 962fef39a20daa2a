import { filter, from, interval, map, merge, switchMap, take, type Observable } from 'rxjs'
import type { ReviewVerdict } from './review-states'

/** A decision as the socket's event or the request's own row tells it. */
export interface Decision {
  status: 'approved' | 'rejected'
  reason?: string | null
}

// The socket tells at once; the row is read now and then in case the socket was down meanwhile.
export const VERDICT_POLL_MS = 15_000

const verdictOf = (d: Decision): ReviewVerdict => ({
  type: 'REVIEWED',
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
})

/**
 * The verdict on one request, from whichever says first: `decided$` (the `/user` socket's event
 * for that request) or `readDecision` (its row, read every `pollMs`; undefined while pending).
 * Emits once. Deposits, withdrawals, loans and block requests each say how to read theirs.
 *
 * @example firstVerdict$(loanEvents$, () => readLoan(id)).subscribe((v) => actor.send(v))
 */
export function firstVerdict$(
  decided$: Observable<Decision>,
  readDecision: () => Promise<Decision | undefined>,
  pollMs = VERDICT_POLL_MS,
): Observable<ReviewVerdict> {
  const polled = interval(pollMs).pipe(
    switchMap(() => from(readDecision())),
    filter((d): d is Decision => d !== undefined),
  )
  return merge(decided$, polled).pipe(take(1), map(verdictOf))
}
