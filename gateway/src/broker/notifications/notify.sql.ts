import type { Kysely } from 'kysely'
import type { NotifyChannel, NotifyKind, NotifyLang } from '@kabu/shared/api/notifications'
import type { Database } from '../../store/index'

/** The notifications' queries. Every read a user makes is scoped by that user's id. */

type Db = Kysely<Database>

export function pageOfNotifications(db: Db, userId: bigint, offset: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'topic', 'params', 'url', 'read', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function unreadCount(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('read', '=', 0n)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks one record (or, without an id, all of them) read; the number of rows it changed. */
export async function markRead(db: Db, userId: bigint, id?: bigint): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read: 1n })
    .where('user_id', '=', userId)
    .where('read', '=', 0n)
  if (id !== undefined) query = query.where('id', '=', id)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function ownNotificationExists(db: Db, userId: bigint, id: bigint) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

export function switchesOf(db: Db, userId: bigint) {
  return db
    .selectFrom('notify_settings')
    .select(['kind', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .execute()
}

export async function quietOf(db: Db, userId: bigint): Promise<string> {
  const row = await db
    .selectFrom('notify_quiet')
    .select('quiet')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.quiet ?? ''
}

export async function setSwitch(
  db: Db,
  userId: bigint,
  kind: NotifyKind,
  channel: NotifyChannel,
  on: boolean,
): Promise<void> {
  await db
    .insertInto('notify_settings')
    .values({ user_id: userId, kind, channel, enabled: on ? 1n : 0n })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: on ? 1n : 0n }),
    )
    .execute()
}

export async function setQuiet(db: Db, userId: bigint, quiet: string): Promise<void> {
  if (quiet === '') {
    await db.deleteFrom('notify_quiet').where('user_id', '=', userId).execute()
    return
  }
  await db
    .insertInto('notify_quiet')
    .values({ user_id: userId, quiet })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ quiet }))
    .execute()
}

export function subscriptionsOf(db: Db, userId: bigint) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'lang'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
}

export async function subscriptionCount(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function subscriptionByEndpoint(db: Db, endpoint: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
}

export async function insertSubscription(
  db: Db,
  row: { userId: bigint; endpoint: string; p256dh: string; auth: string; lang: NotifyLang },
  now: number,
): Promise<bigint> {
  const { id } = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      lang: row.lang,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return BigInt(id)
}

/** The same device again (new keys, a new language, another login on it): its row is updated. */
export async function updateSubscription(
  db: Db,
  id: bigint,
  row: { userId: bigint; p256dh: string; auth: string; lang: NotifyLang },
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ user_id: row.userId, p256dh: row.p256dh, auth: row.auth, lang: row.lang })
    .where('id', '=', id)
    .execute()
}

export async function deleteOwnSubscription(db: Db, userId: bigint, endpoint: string) {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A subscription the push service said is gone (404, 410). */
export async function deleteSubscription(db: Db, id: bigint): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute()
}

export function holdingOf(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('holdings')
    .select(['code', 'market'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}
