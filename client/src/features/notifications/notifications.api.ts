import type {
  NotificationsPage,
  NotifyChannel,
  NotifyKind,
  NotifyLang,
  NotifySettings,
} from '@kabu/shared/api/notifications'
import { brokerPost } from '../../api/broker'

/** /user/notifications: one page of the caller's notifications, its words in `lang`. */
export function fetchNotificationsPage(page: number, lang: NotifyLang): Promise<NotificationsPage> {
  return brokerPost<NotificationsPage>('/user/notifications', { page: String(page), lang })
}

/** /user/notifyRead: one record read (or all of them, without an id); the unread count after. */
export function markNotificationsRead(id?: string): Promise<{ unread: number }> {
  return brokerPost<{ unread: number }>('/user/notifyRead', id === undefined ? {} : { id })
}

export function fetchNotifySettings(): Promise<NotifySettings> {
  return brokerPost<NotifySettings>('/user/notifySettings')
}

/** /user/notifySet: one switch; `quiet` given: the quiet hours too ('' clears them). */
export function setNotifySwitch(form: {
  kind: NotifyKind
  channel: NotifyChannel
  on: boolean
  quiet?: string
}): Promise<null> {
  const { kind, channel, on, quiet } = form
  return brokerPost<null>('/user/notifySet', {
    kind,
    channel,
    on: on ? '1' : '0',
    ...(quiet === undefined ? {} : { quiet }),
  })
}

/** /user/pushSubscribe: this device's subscription (its pushes are written in `lang`). */
export function postPushSubscription(
  subscription: { endpoint: string; p256dh: string; auth: string },
  lang: NotifyLang,
): Promise<{ id: string }> {
  return brokerPost<{ id: string }>('/user/pushSubscribe', { ...subscription, lang })
}

export function deletePushSubscription(endpoint: string): Promise<null> {
  return brokerPost<null>('/user/pushUnsubscribe', { endpoint })
}
