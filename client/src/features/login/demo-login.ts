import { appConfig, loadAppConfig } from '../../state/app-config'

/** The demo's login as /common/config tells it (only a gateway in demo mode sends one). */
export interface DemoLogin {
  account: string
  password: string
  /** The demo account's fund password, shown so its money commands can be tried. */
  fundPassword: string | undefined
}

/**
 * The demo login in the config's values, or null outside the demo.
 *
 * @example demoLoginOf({ demo: '1', demo_account: 'demo0001', demo_password: 'p' })
 */
export function demoLoginOf(values: Record<string, string> | null): DemoLogin | null {
  if (values?.demo !== '1' || !values.demo_account || !values.demo_password) return null
  return {
    account: values.demo_account,
    password: values.demo_password,
    fundPassword: values.demo_fund_password,
  }
}

let asking: Promise<unknown> | undefined

/**
 * The login screen opened directly (a bookmark, a logout) has no config yet: it fetches it, once
 * while a request is out (the route asks as its code arrives, the offer again when it mounts).
 */
export function ensureAppConfig(): void {
  if (appConfig.values || asking) return
  asking = loadAppConfig()
    .catch(() => undefined)
    .finally(() => (asking = undefined))
}
