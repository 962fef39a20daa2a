import type { UserEvent } from '@kabu/shared/realtime'
import { filter, interval, map, merge, type Observable } from 'rxjs'

/** How often an open participation is read again when no event says so (a missed push, a clock). */
export const DAYTRADE_POLL_MS = 5_000

/**
 * When the screen should read its participation again: a day-trading review decided, the forced
 * flat settled (the `/user` socket), or the poll.
 */
export function daytradeChanged$(events: Observable<UserEvent>, pollMs = DAYTRADE_POLL_MS) {
  return merge(
    events.pipe(
      filter(
        (e) =>
          e.type === 'daytrade:settled' || (e.type === 'review:decided' && e.kind === 'daytrade'),
      ),
    ),
    interval(pollMs),
  ).pipe(map(() => ({ type: 'RELOAD' as const })))
}
