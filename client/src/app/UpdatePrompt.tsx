import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { Button } from '../ui/plain/Button'
import { pwaState, updateLater, updateNow } from './pwa'

/**
 * "A new version is available" above the tab bar, while a new build's service worker waits. The
 * user chooses when to reload: an order form half filled in must not vanish on its own. Plain, as
 * the shell: it shows on the login screens too.
 */
export function UpdatePrompt() {
  const { updateReady } = useSnapshot(pwaState)
  if (!updateReady) return null
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-ready-text"
      data-testid="update-prompt"
      className="k-update"
    >
      <p id="update-ready-text" className="k-body2">
        <FormattedMessage id="common.shell.updateReady" />
      </p>
      <Button size="small" onClick={updateLater}>
        <FormattedMessage id="common.shell.updateLater" />
      </Button>
      <Button size="small" variant="contained" onClick={updateNow} data-testid="update-now">
        <FormattedMessage id="common.shell.updateNow" />
      </Button>
    </div>
  )
}
