import { sql } from 'kysely'
import type { NotifyKind } from '@kabu/shared/api/notifications'
import type { Database } from '../../store/index'
import { preparedList } from '../../store/prepared'
import type { Kysely } from 'kysely'

/**
 * The notifier's statements, run for every notifiable event (each filled order). They take a
 * batch of events at a time (notifier.ts): one read of the users' delivery settings and one
 * insert of the records, however many fills landed meanwhile, since a fill's notification was
 * otherwise three statements beside the order's own one or two.
 */

type Db = Kysely<Database>

export interface DeliverySettings {
  /** The switches the user changed, as `kind:channel` of those off (everything else is on). */
  off: Set<string>
  /** Quiet hours, `HH:MM-HH:MM` Tokyo time, or '' for none. */
  quiet: string
  /** Whether any device of the user's is subscribed to pushes. */
  subscribed: boolean
}

/** Users (and records) per statement at most: a longer batch is split. */
export const DELIVERY_BATCH = 64

const settingsRows = preparedList(
  (db, users: Array<{ id: bigint }>) =>
    db
      .selectFrom('users as u')
      .leftJoin('notify_settings as s', 's.user_id', 'u.id')
      .where(
        'u.id',
        'in',
        users.map((u) => u.id),
      )
      .select((eb) => [
        'u.id as user_id',
        's.kind',
        's.channel',
        's.enabled',
        eb
          .selectFrom('notify_quiet as nq')
          .select('nq.quiet')
          .whereRef('nq.user_id', '=', 'u.id')
          .as('quiet'),
        // Whether any device is subscribed: most users have none, so their subscriptions go unread.
        eb
          .selectFrom('push_subscriptions as ps')
          .select(sql<bigint>`count(*)`.as('n'))
          .whereRef('ps.user_id', '=', 'u.id')
          .as('devices'),
      ]),
  DELIVERY_BATCH,
)

/**
 * The users' switches, quiet hours and whether they have a subscribed device, in one statement
 * (one row per switch changed, or one of nulls: each user's row anchors theirs). An unknown user
 * has no entry.
 */
export async function deliverySettings(
  db: Db,
  userIds: readonly bigint[],
): Promise<Map<bigint, DeliverySettings>> {
  const { rows } = await settingsRows(
    db,
    userIds.map((id) => ({ id })),
  )
  const settings = new Map<bigint, DeliverySettings>()
  for (const r of rows) {
    const userId = BigInt(r.user_id)
    let s = settings.get(userId)
    if (!s) {
      s = { off: new Set(), quiet: r.quiet ?? '', subscribed: BigInt(r.devices ?? 0) > 0n }
      settings.set(userId, s)
    }
    if (r.kind !== null && r.channel !== null && r.enabled === 0n)
      s.off.add(`${r.kind}:${r.channel}`)
  }
  return settings
}

export interface NewNotification {
  userId: bigint
  kind: NotifyKind
  topic: string
  params: string
  url: string
}

const insertRows = preparedList(
  (db, rows: Array<NewNotification & { now: number }>) =>
    db
      .insertInto('notifications')
      .values(
        rows.map((r) => ({
          user_id: r.userId,
          kind: r.kind,
          topic: r.topic,
          params: r.params,
          url: r.url,
          created_at: r.now,
        })),
      )
      .returning(['id', 'user_id']),
  DELIVERY_BATCH,
)

/**
 * Writes the records in one statement and answers their ids in the rows' order: both stores
 * insert a multi-row VALUES list in its order and RETURNING gives each row as it was inserted.
 */
export async function insertNotifications(
  db: Db,
  rows: readonly NewNotification[],
  now: number,
): Promise<bigint[]> {
  const { rows: inserted } = await insertRows(
    db,
    rows.map((r) => ({ ...r, now })),
  )
  if (inserted.length !== rows.length) throw new Error('a notifications insert lost rows')
  return inserted.map((row, i) => {
    // The order is what pairs each id with its record's socket event: check it, never assume it.
    if (BigInt(row.user_id) !== rows[i]?.userId)
      throw new Error('notifications came back reordered')
    return BigInt(row.id)
  })
}
