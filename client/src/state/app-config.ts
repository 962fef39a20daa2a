import type { ConfigEntry } from '@kabu/shared/api/common'
import { proxy } from 'valtio'
import { brokerPost } from '../api/broker'

/**
 * /common/config as a name → value map (`kefu`, fee rates, windows ...). Loaded by the start screen
 * ("fetching warrant info") and on demand by screens opened directly.
 */
export const appConfig = proxy<{ values: Record<string, string> | null }>({ values: null })

export const configToMap = (entries: ConfigEntry[]): Record<string, string> =>
  Object.fromEntries(entries.map((e) => [e.name, e.value]))

export async function loadAppConfig(): Promise<Record<string, string>> {
  const values = configToMap(await brokerPost<ConfigEntry[]>('/common/config'))
  appConfig.values = values
  return values
}
