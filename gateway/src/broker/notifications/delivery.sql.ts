import { sql } from 'kysely'
import type { NotifyKind } from '@kabu/shared/api/notifications'
import { prepared } from '../../store/prepared'
import type { Database } from '../../store/index'
import type { Kysely } from 'kysely'

/**
 * The notifier's statements, run for every notifiable event (each filled order): built once each
 * (store/prepared.ts), and the user's delivery settings read in one statement, since a fill's
 * notification was otherwise five statements beside the order's own dozen.
 */

type Db = Kysely<Database>

const settingsRows = prepared((db, p: { userId: bigint }) =>
  db
    .selectFrom('users as u')
    .leftJoin('notify_settings as s', 's.user_id', 'u.id')
    .where('u.id', '=', p.userId)
    .select((eb) => [
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
)

export interface DeliverySettings {
  /** The switches the user changed, as `kind:channel` of those off (everything else is on). */
  off: Set<string>
  /** Quiet hours, `HH:MM-HH:MM` Tokyo time, or '' for none. */
  quiet: string
  /** Whether any device of the user's is subscribed to pushes. */
  subscribed: boolean
}

/**
 * A user's switches, quiet hours and whether they have a subscribed device, in one statement
 * (one row per switch changed, or one of nulls: the user's row anchors it). Undefined for an
 * unknown user.
 */
export async function deliverySettings(
  db: Db,
  userId: bigint,
): Promise<DeliverySettings | undefined> {
  const { rows } = await settingsRows(db, { userId })
  const first = rows[0]
  if (!first) return undefined
  const off = new Set<string>()
  for (const r of rows) {
    if (r.kind !== null && r.channel !== null && r.enabled === 0n) off.add(`${r.kind}:${r.channel}`)
  }
  return { off, quiet: first.quiet ?? '', subscribed: BigInt(first.devices ?? 0) > 0n }
}

const orderFacts = prepared((db, p: { userId: bigint; id: bigint }) =>
  db
    .selectFrom('orders')
    .select(['code', 'market', 'side', 'num'])
    .where('id', '=', p.id)
    .where('user_id', '=', p.userId),
)

/** What a notice says of an order (the user's own only). */
export async function orderOf(db: Db, userId: bigint, id: bigint) {
  const { rows } = await orderFacts(db, { userId, id })
  return rows[0]
}

const insertRow = prepared(
  (
    db,
    p: {
      userId: bigint
      kind: NotifyKind
      topic: string
      params: string
      url: string
      now: number
    },
  ) =>
    db
      .insertInto('notifications')
      .values({
        user_id: p.userId,
        kind: p.kind,
        topic: p.topic,
        params: p.params,
        url: p.url,
        created_at: p.now,
      })
      .returning('id'),
)

export async function insertNotification(
  db: Db,
  row: { userId: bigint; kind: NotifyKind; topic: string; params: string; url: string },
  now: number,
): Promise<bigint> {
  const { rows } = await insertRow(db, { ...row, now })
  if (!rows[0]) throw new Error('a notification insert returned no row')
  return BigInt(rows[0].id)
}
