import { ok } from '@kabu/shared/api/envelope'
import {
  alertAddRequest,
  alertDelRequest,
  alertPauseRequest,
  alertsRequest,
  type AlertAdded,
  type AlertItem,
  type AlertsPage,
} from '@kabu/shared/api/alerts'
import type { BrokerCalls } from '../common/broker-calls'
import type { AlertsService } from './service'

/** `/user/alerts`, `/user/alertAdd`, `/user/alertDel`, `/user/alertPause`: the caller's own alerts. */
export function alertsRoutes(alerts: AlertsService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/alerts', alertsRequest, async ({ input, user }) =>
      ok<AlertsPage>(await alerts.list(user.userId, input.page)),
    )
    routes.authed('/user/alertAdd', alertAddRequest, async ({ input, user }) =>
      ok<AlertAdded>(await alerts.add(user.userId, input), 'add_ok'),
    )
    routes.authed('/user/alertDel', alertDelRequest, async ({ input, user }) => {
      await alerts.remove(user.userId, BigInt(input.id))
      return ok(null, 'delete_ok')
    })
    routes.authed('/user/alertPause', alertPauseRequest, async ({ input, user }) =>
      ok<AlertItem>(await alerts.pause(user.userId, BigInt(input.id), input.paused)),
    )
  }
}
