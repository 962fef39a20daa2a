import { useIntl } from 'react-intl'
import { Spinner } from '../plain/Spinner'

// Requests that finish within this time never flash a spinner: the toast's fade-in starts after it.
export const BUSY_SHOW_DELAY_MS = 300

/**
 * The loading toast while requests run (spec §8). Mounted with the app, not with the lazy message
 * toasts, and plain: a quick request on the login form downloads nothing for it (issue 15).
 */
export function BusyToast({ busy }: { busy: boolean }) {
  const intl = useIntl()
  if (!busy) return null
  return (
    <div
      className="k-busy"
      role="status"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
      style={{ animationDelay: `${BUSY_SHOW_DELAY_MS}ms` }}
    >
      {/* The box says "loading" (its label): the spinner only draws it. */}
      <Spinner size={28} inherit />
    </div>
  )
}
