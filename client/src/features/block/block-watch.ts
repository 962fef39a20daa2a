import { filter, type Observable } from 'rxjs'
import type { BlockOrderStatus } from '@kabu/shared/api/block'
import type { UserEvent } from '@kabu/shared/realtime'
import type { ReviewVerdict } from '../../state/review/review-states'
import { firstVerdict$, VERDICT_POLL_MS } from '../../state/review/verdict-watch'

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
  pollMs = VERDICT_POLL_MS,
): Observable<ReviewVerdict> {
  const read = async () => {
    const row = await readStatus()
    if (row === undefined || row.status === 0) return undefined
    return {
      status: row.status === 2 ? ('rejected' as const) : ('approved' as const),
      reason: row.reason,
    }
  }
  return firstVerdict$(blockDecided$(events$, id), read, pollMs)
}
