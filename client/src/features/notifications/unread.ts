import type { NotificationNewEvent, NotifyLang } from '@kabu/shared/api/notifications'
import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { onUserEvents } from '../../realtime/lazy-user-events'
import { session } from '../../state/session-view'
import { preferences } from '../../state/preferences'
import { showToast } from '../../ui/toast/toast.store'
import { fetchNotificationsPage } from './notifications.api'

/** The user's unread notifications, for the badge on the Mine tab and Mine's entry. */
export const unreadNotifications = proxy({ count: 0 })

/** The toast of a notification that arrives while the app is open, in the app's language. */
export function toastOf(event: NotificationNewEvent, lang: NotifyLang): string {
  const { title, body } = event.texts[lang]
  return body ? `${title}: ${body}` : title
}

export async function refreshUnreadNotifications(): Promise<void> {
  if (!session.token) return void (unreadNotifications.count = 0)
  try {
    unreadNotifications.count = (await fetchNotificationsPage(1, preferences.locale)).unread
  } catch {
    // Already toasted by the api client; the badge keeps its last known count.
  }
}

/**
 * The unread count, kept current while mounted (the tab bar): read from the server once, and again
 * whenever the `/user` socket says a notification may have been written (the server counts; the
 * client never guesses): `notification:new` (a record written; its toast shows) and the price
 * alerts' `alert:triggered` (its record follows).
 */
const NOTIFYING: ReadonlySet<string> = new Set(['notification:new', 'alert:triggered'])

export function useUnreadNotifications(): number {
  const { token } = useSnapshot(session)
  const { count } = useSnapshot(unreadNotifications)
  useEffect(() => {
    if (!token) {
      unreadNotifications.count = 0
      return undefined
    }
    void refreshUnreadNotifications()
    return onUserEvents((event) => {
      if (!NOTIFYING.has(event.type)) return
      void refreshUnreadNotifications()
      if (event.type === 'notification:new') showToast(toastOf(event, preferences.locale), 4000)
    })
  }, [token])
  return count
}
