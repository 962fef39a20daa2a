import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import { onUserEvents } from '../../realtime/lazy-user-events'
import { session } from '../../state/session-view'
import { showToast } from '../../ui/toast/toast.store'

/**
 * Tells the logged-in user, in a toast, when the back office bars their trading or lets them trade
 * again (`account:status`; a frozen or banned account's sockets are closed by the gateway, and its
 * calls answer the refusal). The socket's code loads on first use, as the unread count's does.
 */
export function useAccountStatusNotice(): void {
  const { token } = useSnapshot(session)
  const intl = useIntl()
  useEffect(() => {
    if (!token) return undefined
    return onUserEvents((event) => {
      if (event.type !== 'account:status' || event.status !== 'active') return
      const id = event.tradingBarred ? 'mine.account.tradingBarred' : 'mine.account.tradingAllowed'
      showToast(intl.formatMessage({ id }), 4000, event.tradingBarred ? 'error' : 'info')
    })
  }, [token, intl])
}
