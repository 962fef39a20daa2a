import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { onUserEvents } from '../../realtime/lazy-user-events'
import { session } from '../../state/session-view'
import { fetchInboxPage } from './messages.api'

/** The user's unread message count, for the badge on the Mine tab. */
export const unread = proxy({ count: 0 })

/** Reads the count from the first inbox page (the server counts; the client never guesses). */
export async function refreshUnread(): Promise<void> {
  if (!session.token) return void (unread.count = 0)
  try {
    unread.count = (await fetchInboxPage(1)).unread
  } catch {
    // Already toasted by the api client; the badge keeps its last known count.
  }
}

/**
 * The unread count, kept current while mounted: read once, then again whenever a message arrives
 * on the `/user` socket. The socket layer is imported on demand, so the first screen does not wait
 * for it.
 */
export function useUnreadCount(): number {
  const { token } = useSnapshot(session)
  const { count } = useSnapshot(unread)
  useEffect(() => {
    if (!token) {
      unread.count = 0
      return undefined
    }
    void refreshUnread()
    return onUserEvents((event) => {
      if (event.type === 'message:new') unread.count += 1
    })
  }, [token])
  return count
}
