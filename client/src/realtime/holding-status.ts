import type { UserEvent } from '@kabu/shared/realtime'
import { catchError, EMPTY, filter, from, merge, switchMap, timer, type Observable } from 'rxjs'
import { tradeUpdates$ } from './trade-updates'
import { userEvents$ } from './user-events'

/** How often a followed holding is re-read while it may still change (a resting order, a sell). */
const WATCH_MS = 2000

/**
 * The status of holding `id` as `read` finds it: read now, on every `trade:updated` of it (a fill
 * is pushed at once) and every `everyMs` (the push is lost while the `/user` socket is down). A
 * failed or empty read is skipped; the next one tries again.
 *
 * @example holdingStatus$('42', () => fetchHolding('jpy', '42').then((h) => h?.status))
 */
export function holdingStatus$(
  id: string,
  read: () => Promise<number | undefined>,
  everyMs = WATCH_MS,
  events$: Observable<UserEvent> = userEvents$(),
): Observable<number> {
  return merge(timer(0, everyMs), tradeUpdates$(id, events$)).pipe(
    // Only the newest read answers: an older one may have started before the fill and land after.
    switchMap(() => from(read()).pipe(catchError(() => EMPTY))),
    filter((status): status is number => status !== undefined),
  )
}
