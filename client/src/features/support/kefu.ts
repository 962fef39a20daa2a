import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { appConfig, loadAppConfig } from '../../state/app-config'

/** Only links a browser can open safely: never `javascript:` or similar from config. */
export const isOpenableLink = (value: string | undefined): value is string =>
  Boolean(value && /^(https?:|mailto:|tel:)/i.test(value.trim()))

/**
 * The external customer-service link (`kefu` of /common/config), offered beside the in-app
 * conversations when the operator has set one (KEFU_URL, or the `kefu` setting); null otherwise.
 * Config is normally loaded by the start screen; a screen opened directly loads it.
 */
export function useExternalKefu(): string | null {
  const { values } = useSnapshot(appConfig)
  useEffect(() => {
    if (!appConfig.values) void loadAppConfig().catch(() => undefined)
  }, [])
  const link = values?.kefu
  return isOpenableLink(link) ? link.trim() : null
}
