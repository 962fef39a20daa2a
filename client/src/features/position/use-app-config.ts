import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { appConfig, loadAppConfig } from '../../state/app-config'

/**
 * The published settings (fees, rates) a panel estimates with; loaded here when the position was
 * opened directly, before any screen had read them. Null until they come.
 */
export function useAppConfig() {
  const config = useSnapshot(appConfig).values
  useEffect(() => {
    if (!config) loadAppConfig().catch(() => undefined)
  }, [config])
  return config
}
