import {
  NOTIFY_LANGS,
  type NotificationTexts,
  type NotifyChannel,
  type NotifyLang,
  type PushPayload,
} from '@kabu/shared/api/notifications'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import { noticeOf, type Notice, type NoticeLookups } from './notifiable'
import {
  DELIVERY_BATCH,
  deliverySettings,
  insertNotifications,
  type DeliverySettings,
} from './delivery.sql'
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

interface Pending {
  userId: bigint
  notice: Notice
}

/**
 * The areas' `UserEvents`, wrapped (issue 37): every event goes on to the `/user` hub as before,
 * and one that is a notification (notifiable.ts) is then delivered by the user's settings, read
 * from the store at that moment (so a switch changed on another gateway counts at once):
 * - `app`: its record is written and `notification:new` follows on the socket (toast, badge);
 * - `push`: each subscribed device gets it in its own language, unless quiet hours hold it back
 *   (quiet hours never hold back the record); a device its push service says is gone is deleted.
 *
 * Notices queue and are delivered a batch at a time: while one batch's settings are read and its
 * records written, the fills that land meanwhile wait and go together in the next (one read and
 * one insert for all of them). A lone notice goes at once, so nothing waits on a timer.
 *
 * Delivery runs after the area's commit, as the event itself does: if the process dies between
 * the commit and the record, that notification is lost (the socket event was too), while the
 * area's own row, the truth the deep link opens, is there. Writing the record in each area's
 * transaction would make it durable, at the price of every area knowing of notifications; the
 * inbox's copy of a review or an operator's message (`/mine/message`) is already written so.
 */
export function createNotifier(deps: NotifierDeps) {
  const { db, clock, hub, push, logger } = deps
  const lookups: NoticeLookups = { holding: (userId, id) => q.holdingOf(db, userId, id) }
  const inFlight = new Set<Promise<unknown>>()
  const queue: Pending[] = []
  let draining = false

  const track = (work: Promise<unknown>) => {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }

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

  async function deliver(batch: Pending[]): Promise<void> {
    const settings = await deliverySettings(db, [...new Set(batch.map((p) => p.userId))])
    const now = clock.now()
    const on = (p: Pending, s: DeliverySettings, channel: NotifyChannel) =>
      !s.off.has(`${p.notice.kind}:${channel}`)
    const recorded = batch.filter((p) => {
      const s = settings.get(p.userId)
      return s !== undefined && on(p, s, 'app')
    })
    const records = recorded.map(({ userId, notice }) => ({
      userId,
      ...notice,
      params: JSON.stringify(notice.params),
    }))
    const ids = records.length > 0 ? await insertNotifications(db, records, now) : []
    recorded.forEach(({ userId, notice }, i) =>
      hub.emit(userId, {
        type: 'notification:new',
        id: String(ids[i]),
        kind: notice.kind,
        url: notice.url,
        created: now,
        texts: textsOf(notice),
      }),
    )
    for (const p of batch) {
      const s = settings.get(p.userId)
      if (!s?.subscribed || !on(p, s, 'push') || inQuietHours(s.quiet, now)) continue
      // A push service's answer can take seconds: the next batch does not wait for it.
      track(
        pushTo(p.userId, p.notice).catch((error: unknown) =>
          logger.error({ err: error, kind: p.notice.kind }, 'notification push failed'),
        ),
      )
    }
  }

  async function drain(): Promise<void> {
    draining = true
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, DELIVERY_BATCH)
        await deliver(batch).catch((error: unknown) =>
          logger.error({ err: error, notices: batch.length }, 'notification failed'),
        )
      }
    } finally {
      draining = false
    }
  }

  const userEvents: UserEvents = {
    emit(userId, event) {
      hub.emit(userId, event)
      const queued = noticeOf(userId, event, lookups).then(
        (notice) => {
          if (!notice) return
          queue.push({ userId, notice })
          if (!draining) track(drain())
        },
        (error: unknown) => logger.error({ err: error, event: event.type }, 'notification failed'),
      )
      track(queued)
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
