import type { UserEvent } from '@kabu/shared/realtime'
import { catchError, EMPTY, filter, from, merge, switchMap, timer, type Observable } from 'rxjs'
import { orderUpdates$, tradeUpdates$ } from './trade-updates'
import { userEvents$ } from './user-events'

/** How often a followed holding is re-read while it may still change (a resting order, a sell). */
const WATCH_MS = 2000

/**
 * What `read` answers: now, whenever `changed$` fires (a push is at once), and every `everyMs` (the
 * push is lost while the `/user` socket is down). A failed or empty read is skipped; the next one
 * tries again.
 */
function rereads$<T>(
  read: () => Promise<T | undefined>,
  changed$: Observable<unknown>,
  everyMs: number,
): Observable<T> {
  return merge(timer(0, everyMs), changed$).pipe(
    // Only the newest read answers: an older one may have started before the fill and land after.
    switchMap(() => from(read()).pipe(catchError(() => EMPTY))),
    filter((answer): answer is T => answer !== undefined),
  )
}

/**
 * The status of holding `id` as `read` finds it: read now, on every `trade:updated` of it, and
 * every `everyMs`.
 *
 * @example holdingStatus$('42', () => fetchHolding('jpy', '42').then((h) => h?.status))
 */
export function holdingStatus$(
  id: string,
  read: () => Promise<number | undefined>,
  everyMs = WATCH_MS,
  events$: Observable<UserEvent> = userEvents$(),
): Observable<number> {
  return rereads$(read, tradeUpdates$(id, events$), everyMs)
}

/**
 * Buy order `id` and the holding of what it bought, as `read` finds them: read now, on every
 * `order:updated` of the order, on every `trade:updated` of its holding (which has the buy's id),
 * and every `everyMs`.
 *
 * @example orderStatus$('42', () => fetchOrder('42'))
 */
export function orderStatus$<T>(
  id: string,
  read: () => Promise<T | undefined>,
  everyMs = WATCH_MS,
  events$: Observable<UserEvent> = userEvents$(),
): Observable<T> {
  return rereads$(read, merge(orderUpdates$(id, events$), tradeUpdates$(id, events$)), everyMs)
}
