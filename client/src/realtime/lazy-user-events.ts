import type { UserEvent } from '@kabu/shared/realtime'

/**
 * Subscribes `onEvent` to the `/user` events, the socket layer imported on demand so the first
 * screen does not wait for it; answers the unsubscribe, which may come before the import ends.
 * For effects: `useEffect(() => token ? onUserEvents(handle) : undefined, [token])`.
 */
export function onUserEvents(onEvent: (event: UserEvent) => void): () => void {
  let stopped = false
  let stop: (() => void) | undefined
  void import('./user-events').then(({ userEvents$ }) => {
    if (stopped) return
    const subscription = userEvents$().subscribe(onEvent)
    stop = () => subscription.unsubscribe()
  })
  return () => {
    stopped = true
    stop?.()
  }
}
