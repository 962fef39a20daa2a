import {
  NOTIFY_LANGS,
  type NotificationTexts,
  type NotifyChannel,
  type NotifyLang,
  type PushPayload,
} from '@kabu/shared/api/notifications'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import { noticeOf, type Notice, type NoticeLookups } from './notifiable'
import { deliverySettings, insertNotification, orderOf } from './delivery.sql'
import * as q from './notify.sql'
import type { PushSender } from './push'
import { inQuietHours } from './quiet'
import { render } from './texts'

export interface NotifierDeps {
  db: Kysely<Database>
  clock: Clock
  /** The `/user` socket hub the areas' events go on to, as before. */
  hub: UserEvents
  push: PushSender
  logger: Logger
}

const isLang = (lang: string): lang is NotifyLang =>
  (NOTIFY_LANGS as readonly string[]).includes(lang)

/** Each language's words of a notice (the socket's toast shows the app's own). */
const textsOf = (notice: Notice): NotificationTexts =>
  Object.fromEntries(
    NOTIFY_LANGS.map((lang) => [lang, render(notice.topic, notice.params, lang)]),
  ) as NotificationTexts

/**
 * The areas' `UserEvents`, wrapped (issue 37): every event goes on to the `/user` hub as before,
 * and one that is a notification (notifiable.ts) is then delivered by the user's settings, read
 * from the store at that moment (so a switch changed on another gateway counts at once):
 * - `app`: its record is written and `notification:new` follows on the socket (toast, badge);
 * - `push`: each subscribed device gets it in its own language, unless quiet hours hold it back
 *   (quiet hours never hold back the record); a device its push service says is gone is deleted.
 *
 * Delivery runs after the area's commit, as the event itself does: if the process dies between
 * the commit and the record, that notification is lost (the socket event was too), while the
 * area's own row, the truth the deep link opens, is there. Writing the record in each area's
 * transaction would make it durable, at the price of every area knowing of notifications; the
 * inbox's copy of a review or an operator's message (`/mine/message`) is already written so.
 */
export function createNotifier(deps: NotifierDeps) {
  const { db, clock, hub, push, logger } = deps
  const lookups: NoticeLookups = {
    order: (userId, id) => orderOf(db, userId, id),
    holding: (userId, id) => q.holdingOf(db, userId, id),
  }
  const inFlight = new Set<Promise<void>>()

  async function pushTo(userId: bigint, notice: Notice): Promise<void> {
    const targets = await q.subscriptionsOf(db, userId)
    const urgency = notice.kind === 'margin' ? 'high' : 'normal'
    for (const target of targets) {
      const lang = isLang(target.lang) ? target.lang : 'ja'
      const words = render(notice.topic, notice.params, lang)
      const payload: PushPayload = { type: notice.kind, ...words, url: `#${notice.url}` }
      const outcome = await push.send(target, JSON.stringify(payload), urgency).catch((error) => {
        logger.warn({ err: error, subscription: String(target.id) }, 'push failed')
        return 'failed' as const
      })
      if (outcome === 'gone') await q.deleteSubscription(db, target.id)
      if (outcome === 'refused')
        logger.warn({ subscription: String(target.id) }, 'push endpoint refused')
    }
  }

  async function deliver(userId: bigint, event: UserEvent): Promise<void> {
    const notice = await noticeOf(userId, event, lookups)
    if (!notice) return
    const settings = await deliverySettings(db, userId)
    if (!settings) return
    const on = (channel: NotifyChannel) => !settings.off.has(`${notice.kind}:${channel}`)
    const now = clock.now()
    if (on('app')) {
      const params = JSON.stringify(notice.params)
      const id = await insertNotification(db, { userId, ...notice, params }, now)
      hub.emit(userId, {
        type: 'notification:new',
        id: String(id),
        kind: notice.kind,
        url: notice.url,
        created: now,
        texts: textsOf(notice),
      })
    }
    if (settings.subscribed && on('push') && !inQuietHours(settings.quiet, now)) {
      await pushTo(userId, notice)
    }
  }

  const userEvents: UserEvents = {
    emit(userId, event) {
      hub.emit(userId, event)
      const delivery = deliver(userId, event).catch((error: unknown) =>
        logger.error({ err: error, event: event.type }, 'notification failed'),
      )
      inFlight.add(delivery)
      void delivery.finally(() => inFlight.delete(delivery))
    },
  }

  return {
    userEvents,
    /** Resolves once every delivery started so far has ended (the app's stop; tests). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
