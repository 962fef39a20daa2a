import { filter, from, interval, map, merge, switchMap, take, type Observable } from 'rxjs'
import type { BlockOrderStatus } from '@kabu/shared/api/block'
import type { UserEvent } from '@kabu/shared/realtime'
import type { ReviewVerdict } from '../../state/review/review-states'

// The socket tells at once; the request is read now and then in case the socket was down meanwhile.
const POLL_MS = 15_000

type Decided = Extract<UserEvent, { type: 'review:decided' }>

/** The `/user` socket's decisions on block requests (any, or the one with `id`). */
export const blockDecided$ = (events$: Observable<UserEvent>, id?: string) =>
  events$.pipe(
    filter(
      (e): e is Decided =>
        e.type === 'review:decided' && e.kind === 'block' && (id === undefined || e.id === id),
    ),
  )

/**
 * The verdict on one block request, from whichever says first: the socket's `review:decided`
 * event of kind `block`, or the request's own row. Emits once.
 */
export function blockVerdict$(
  id: string,
  events$: Observable<UserEvent>,
  readStatus: () => Promise<{ status: BlockOrderStatus; reason: string | null } | undefined>,
  pollMs = POLL_MS,
): Observable<ReviewVerdict> {
  const live = blockDecided$(events$, id).pipe(
    map((e): ReviewVerdict => ({
      type: 'REVIEWED',
      status: e.status,
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  )
  const polled = interval(pollMs).pipe(
    switchMap(() => from(readStatus())),
    filter((row) => row !== undefined && row.status !== 0),
    map((row): ReviewVerdict => ({
      type: 'REVIEWED',
      status: row!.status === 2 ? 'rejected' : 'approved',
      ...(row!.reason ? { reason: row!.reason } : {}),
    })),
  )
  return merge(live, polled).pipe(take(1))
}
