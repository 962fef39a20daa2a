import { z } from 'zod'
import { pageSchema } from './paging'

/**
 * Notifications (issue 37; API.md "Alerts and notifications"): every notifiable event of the
 * user's areas becomes one record the app lists (`/user/notifications`), with its deep link, and is
 * delivered by channel as the user's settings say: `app` (the record, its `notification:new` on the
 * `/user` socket, a toast and the badge) and `push` (Web Push to each subscribed device). Quiet hours
 * hold push back only; the record is written all the same.
 */

/** API.md's kinds: what a setting switches and a push payload's `type`. */
export const NOTIFY_KINDS = ['fills', 'alerts', 'ipo', 'margin', 'dividends', 'messages'] as const
export type NotifyKind = (typeof NOTIFY_KINDS)[number]

export const NOTIFY_CHANNELS = ['app', 'push'] as const
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number]

/** The languages a notification's text is written in (the app's). */
export const NOTIFY_LANGS = ['ja', 'zh-CN', 'en'] as const
export type NotifyLang = (typeof NOTIFY_LANGS)[number]

/** Records per page of `/user/notifications`. */
export const NOTIFICATIONS_PAGE_SIZE = 20
/** Devices one user may subscribe at once (each browser profile is one). */
export const PUSH_SUBSCRIPTIONS_MAX = 10

/** `HH:MM-HH:MM`, Tokyo time; the window may pass midnight (22:00-07:00). */
export const QUIET_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/

const idField = z
  .string({ error: 'invalid_input' })
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')
const langField = z.enum(NOTIFY_LANGS, { error: 'invalid_input' }).default('ja')
const flagField = z.enum(['0', '1'], { error: 'invalid_input' }).transform((v) => v === '1')
// base64url without padding: a P-256 point is 65 bytes (87 chars), an auth secret 16 (22 chars).
const base64url = (min: number, max: number) =>
  z
    .string({ error: 'invalid_input' })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}=*$`), 'invalid_input')
    .max(max, 'invalid_input')

export const notificationsRequest = z.object({ page: pageSchema, lang: langField })
/** `id` one record; absent: every record of the user. */
export const notifyReadRequest = z.object({ id: idField.optional() })

export const notifySetRequest = z.object({
  kind: z.enum(NOTIFY_KINDS, { error: 'invalid_input' }),
  channel: z.enum(NOTIFY_CHANNELS, { error: 'invalid_input' }),
  on: flagField,
  /** Absent: unchanged; empty: no quiet hours. */
  quiet: z
    .string({ error: 'invalid_input' })
    .trim()
    .refine((v) => v === '' || QUIET_PATTERN.test(v), 'invalid_input')
    .refine((v) => v === '' || v.slice(0, 5) !== v.slice(6), 'invalid_input')
    .optional(),
})

export const pushSubscribeRequest = z.object({
  endpoint: z.string({ error: 'invalid_input' }).trim().min(1, 'invalid_input').max(2048),
  p256dh: base64url(80, 100),
  auth: base64url(16, 32),
  /** The device's language: its pushes are written in it. */
  lang: langField,
})
export const pushUnsubscribeRequest = z.object({
  endpoint: z.string({ error: 'invalid_input' }).trim().min(1, 'invalid_input').max(2048),
})

/** One record of the inbox, its text in the language asked for. */
export interface WireNotification {
  id: string
  kind: NotifyKind
  title: string
  body: string
  /** The client's hash-router path the record opens (`/position/order?type=jpy&id=5`). */
  url: string
  /** 0 unread, 1 read. */
  read: 0 | 1
  /** Epoch milliseconds. */
  created: number
}

export interface NotificationsPage {
  list: WireNotification[]
  unread: number
}

/** `data` of `/user/notifySettings`: every kind × channel, and the quiet hours ('' = none). */
export interface NotifySettings {
  settings: Array<{ kind: NotifyKind; app: boolean; push: boolean }>
  quiet: string
  /** The devices of this user subscribed to push. */
  devices: number
}

/** The decrypted body of a push (API.md): the service worker shows it and opens `url`. */
export interface PushPayload {
  type: NotifyKind
  title: string
  body: string
  /** `#/<path>`: resolved against the service worker's scope, it opens the app at the deep link. */
  url: string
}

/** A notification's text in each language (the `/user` socket's `notification:new` carries all). */
export type NotificationTexts = Record<NotifyLang, { title: string; body: string }>

/** `/user` socket event: a record was written for the app channel. */
export interface NotificationNewEvent {
  type: 'notification:new'
  id: string
  kind: NotifyKind
  url: string
  created: number
  texts: NotificationTexts
}
