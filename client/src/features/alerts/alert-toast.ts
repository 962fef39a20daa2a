import type { AlertTriggeredEvent } from '@kabu/shared/api/alerts'
import { useEffect } from 'react'
import { useIntl, type IntlShape } from 'react-intl'
import { useSnapshot } from 'valtio'
import { session } from '../../state/session-view'

/** Layouts mounted at once (a tab and the theme around it): one subscription serves them all. */
let users = 0
let listening: Promise<() => void> | undefined

async function listen(intl: IntlShape): Promise<() => void> {
  const { userEvents$ } = await import('../../realtime/user-events')
  const subscription = userEvents$().subscribe((event) => {
    if (event.type !== 'alert:triggered') return
    void import('./alert-toast-text').then(({ showAlertToast }) =>
      showAlertToast(intl, event as AlertTriggeredEvent),
    )
  })
  return () => subscription.unsubscribe()
}

/**
 * Tells the logged-in user, in a toast with a link to the stock, when one of their price alerts
 * fires (`alert:triggered`), whichever screen is open. Mounted by the tab frame and the themed
 * screens; the socket's code and the toast's words load on first use.
 */
export function useAlertToasts(): void {
  const { token } = useSnapshot(session)
  const intl = useIntl()
  useEffect(() => {
    if (!token) return undefined
    users++
    listening ??= listen(intl)
    return () => {
      users--
      if (users > 0 || !listening) return
      void listening.then((unsubscribe) => unsubscribe())
      listening = undefined
    }
  }, [token, intl])
}
