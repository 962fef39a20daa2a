import { translateServerMessage } from '../../i18n/intl'
import { appConfig, loadAppConfig } from '../../state/app-config'
import { showToast } from '../../ui/toast/toast.store'

/** Only links a browser can open safely: never `javascript:` or similar from config. */
export const isOpenableLink = (value: string | undefined): value is string =>
  Boolean(value && /^(https?:|mailto:|tel:)/i.test(value.trim()))

/**
 * Customer service: the `kefu` link of /common/config in a new tab, or the spec's
 * "customer-service link not obtained" when config has none. The start screen has normally loaded
 * config already, so the tab opens within the tap and no pop-up blocker objects.
 */
export async function openCustomerService(): Promise<void> {
  const values = appConfig.values ?? (await loadAppConfig().catch(() => null))
  const link = values?.kefu
  if (!isOpenableLink(link)) {
    showToast(translateServerMessage('kefu_not_found'), 2000, 'error')
    return
  }
  window.open(link.trim(), '_blank', 'noopener,noreferrer')
}
