import { ok } from '@kabu/shared/api/envelope'
import {
  notificationsRequest,
  notifyReadRequest,
  notifySetRequest,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
  type NotificationsPage,
  type NotifySettings,
} from '@kabu/shared/api/notifications'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { NotificationsService } from './service'

/**
 * The notification calls (API.md "Alerts and notifications"): the settings and this device's
 * push subscription, and the inbox (`/user/notifications`, `/user/notifyRead`), the caller's own.
 */
export function notificationsRoutes(service: NotificationsService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/notifications', notificationsRequest, async ({ input, user }) => {
      return ok<NotificationsPage>(await service.list(user.userId, input.page, input.lang))
    })

    routes.authed('/user/notifyRead', notifyReadRequest, async ({ input, user }) => {
      const id = input.id === undefined ? undefined : BigInt(input.id)
      return ok(await service.markRead(user.userId, id))
    })

    routes.authed('/user/notifySettings', noForm, async ({ user }) => {
      return ok<NotifySettings>(await service.settings(user.userId))
    })

    routes.authed('/user/notifySet', notifySetRequest, async ({ input, user }) => {
      await service.set(user.userId, input)
      return ok(null, 'modify_ok')
    })

    routes.authed('/user/pushSubscribe', pushSubscribeRequest, async ({ input, user }) => {
      return ok(await service.subscribe(user.userId, input), 'subscribe_ok')
    })

    routes.authed('/user/pushUnsubscribe', pushUnsubscribeRequest, async ({ input, user }) => {
      await service.unsubscribe(user.userId, input.endpoint)
      return ok(null, 'delete_ok')
    })
  }
}
