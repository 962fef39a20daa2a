import type { BrokerArea } from '../common/broker-area'
import { alertsRoutes } from './routes'
import { createAlertsService, type AlertsDeps } from './service'
import { createAlertWatcher, type AlertWatcherDeps } from './watcher'

export type { AlertWatcher } from './watcher'

/**
 * The price-alerts area (issue 37): the user's calls on /api/vue, and the watcher the leader runs
 * on every batch of quotes. What reaches the user when one fires is an `alert:triggered` on the
 * `UserEvents` it is given (the composition root decides what else that event becomes).
 */
export function createAlerts(deps: AlertsDeps & AlertWatcherDeps) {
  const service = createAlertsService(deps)
  const watcher = createAlertWatcher(deps)
  const area: BrokerArea = { name: 'alerts', routes: alertsRoutes(service), jobs: [watcher] }
  return { service, watcher, area }
}

export type Alerts = ReturnType<typeof createAlerts>
