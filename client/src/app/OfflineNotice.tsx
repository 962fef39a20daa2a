import { useSyncExternalStore } from 'react'
import { FormattedMessage } from 'react-intl'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

const isOffline = () => !navigator.onLine

/**
 * A line at the top while the phone has no network. The shell still opens offline (the service
 * worker keeps it), but prices and balances cannot be fetched: this says why screens stay empty.
 */
export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false)
  if (!offline) return null
  return (
    <div role="status" data-testid="offline-notice" className="k-offline">
      <FormattedMessage id="common.shell.offline" />
    </div>
  )
}
