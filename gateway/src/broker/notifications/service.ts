import type { Kysely } from 'kysely'
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFY_CHANNELS,
  NOTIFY_KINDS,
  PUSH_SUBSCRIPTIONS_MAX,
  type NotificationsPage,
  type NotifyChannel,
  type NotifyKind,
  type NotifyLang,
  type NotifySettings,
} from '@kabu/shared/api/notifications'
import type { Clock } from '../../clock'
import { isUniqueViolation, lockUser, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { EndpointPolicy } from './endpoint-check'
import * as q from './notify.sql'
import { render } from './texts'

export interface NotificationsDeps {
  db: Kysely<Database>
  clock: Clock
  policy: EndpointPolicy
}

export type NotificationsService = ReturnType<typeof createNotificationsService>

/** Stored params are JSON written by us; anything else in the column reads as none. */
function paramsOf(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    )
  } catch {
    return {}
  }
}

/** The user's side of notifications: the inbox, the settings, this device's subscription. */
export function createNotificationsService({ db, clock, policy }: NotificationsDeps) {
  return {
    async list(userId: bigint, page: number, lang: NotifyLang): Promise<NotificationsPage> {
      const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE
      const [rows, unread] = await Promise.all([
        q.pageOfNotifications(db, userId, offset, NOTIFICATIONS_PAGE_SIZE),
        q.unreadCount(db, userId),
      ])
      const list = rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        ...render(row.topic, paramsOf(row.params), lang),
        url: row.url,
        read: row.read === 0n ? (0 as const) : (1 as const),
        created: Number(row.created_at),
      }))
      return { list, unread }
    },

    /** Marks one of the user's records read, or all of them; someone else's id is not found. */
    async markRead(userId: bigint, id?: bigint): Promise<{ unread: number }> {
      if (id !== undefined && !(await q.ownNotificationExists(db, userId, id)))
        throw new Refusal('not_found')
      await q.markRead(db, userId, id)
      return { unread: await q.unreadCount(db, userId) }
    },

    async settings(userId: bigint): Promise<NotifySettings> {
      const [switches, quiet, devices] = await Promise.all([
        q.switchesOf(db, userId),
        q.quietOf(db, userId),
        q.subscriptionCount(db, userId),
      ])
      const off = new Set(
        switches.filter((s) => s.enabled === 0n).map((s) => `${s.kind}:${s.channel}`),
      )
      const on = (kind: NotifyKind, channel: NotifyChannel) => !off.has(`${kind}:${channel}`)
      const settings = NOTIFY_KINDS.map((kind) => ({
        kind,
        ...(Object.fromEntries(NOTIFY_CHANNELS.map((c) => [c, on(kind, c)])) as Record<
          NotifyChannel,
          boolean
        >),
      }))
      return { settings, quiet, devices }
    },

    async set(
      userId: bigint,
      input: { kind: NotifyKind; channel: NotifyChannel; on: boolean; quiet?: string },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await q.setSwitch(trx, userId, input.kind, input.channel, input.on)
        if (input.quiet !== undefined) await q.setQuiet(trx, userId, input.quiet)
      })
    },

    /**
     * This device's subscription: its endpoint checked as an outbound URL first; the same
     * endpoint again (new keys, another language, another login on the device) updates its row.
     * The cap on devices is counted under the user's lock, in the insert's transaction.
     */
    async subscribe(
      userId: bigint,
      input: { endpoint: string; p256dh: string; auth: string; lang: NotifyLang },
    ): Promise<{ id: string }> {
      if (!(await policy.check(input.endpoint))) throw new Refusal('push_endpoint_refused')
      const row = { userId, ...input }
      const write = () =>
        db.transaction().execute(async (trx) => {
          await lockUser(trx, userId)
          const existing = await q.subscriptionByEndpoint(trx, input.endpoint)
          if (existing) {
            await q.updateSubscription(trx, existing.id, row)
            return existing.id
          }
          if ((await q.subscriptionCount(trx, userId)) >= PUSH_SUBSCRIPTIONS_MAX)
            throw new Refusal('push_devices_max')
          return q.insertSubscription(trx, row, clock.now())
        })
      // Two subscribes of one endpoint at once: the second finds the first's row on its retry.
      const id = await write().catch((error: unknown) => {
        if (isUniqueViolation(error)) return write()
        throw error
      })
      return { id: String(id) }
    },

    async unsubscribe(userId: bigint, endpoint: string): Promise<void> {
      if ((await q.deleteOwnSubscription(db, userId, endpoint)) === 0)
        throw new Refusal('not_found')
    },
  }
}
