import type { Generated } from 'kysely'
import type { Int, IntDefault } from './columns'

/** Tables of migration 0042-notifications. Integers are bigint in JS on both stores. */

export type NotifyKindColumn = 'fills' | 'alerts' | 'ipo' | 'margin' | 'dividends' | 'messages'

/** One notification: a topic of the gateway's text table, its parameters (JSON), its deep link. */
export interface NotificationsTable {
  id: Generated<bigint>
  user_id: Int
  kind: NotifyKindColumn
  topic: string
  params: string
  url: string
  /** 0 unread, 1 read. */
  read: IntDefault
  created_at: Int
}

/** A switch the user changed (absent: on). */
export interface NotifySettingsTable {
  user_id: Int
  kind: NotifyKindColumn
  channel: 'app' | 'push'
  /** 0 off, 1 on. */
  enabled: Int
}

/** The user's quiet hours, `HH:MM-HH:MM` Tokyo time. */
export interface NotifyQuietTable {
  user_id: Int
  quiet: string
}

/** A device's Web Push subscription (its keys base64url, as the browser gives them). */
export interface PushSubscriptionsTable {
  id: Generated<bigint>
  user_id: Int
  endpoint: string
  p256dh: string
  auth: string
  lang: string
  created_at: Int
}

/** The deployment's VAPID key pair (base64url), the one row with id 1. */
export interface VapidKeysTable {
  id: Int
  public_key: string
  private_key: string
  created_at: Int
}

export interface NotificationTables {
  notifications: NotificationsTable
  notify_settings: NotifySettingsTable
  notify_quiet: NotifyQuietTable
  push_subscriptions: PushSubscriptionsTable
  vapid_keys: VapidKeysTable
}
