import type { Kysely, Selectable } from 'kysely'
import type { AlertKind } from '@kabu/shared/api/alerts'
import type { Database } from '../../store/index'
import type { AlertsTable } from '../../store/schema/alerts'

export type AlertRow = Selectable<AlertsTable>

/** One page of a user's alerts, newest first (deleted ones are gone for them). */
export function pageOfAlerts(db: Kysely<Database>, userId: bigint, offset: number, limit: number) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** How many alerts the user holds (read after lockUser, in the add's transaction). */
export async function liveAlerts(db: Kysely<Database>, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertAlert(
  db: Kysely<Database>,
  a: { userId: bigint; code: string; kind: AlertKind; value: bigint; repeat: boolean; now: number },
): Promise<bigint> {
  const row = await db
    .insertInto('alerts')
    .values({
      user_id: a.userId,
      code: a.code,
      kind: a.kind,
      value: a.value,
      repeat: a.repeat ? 1 : 0,
      status: 'active',
      created_at: a.now,
      updated_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The user's alert `id` unless deleted. */
export function ownAlert(db: Kysely<Database>, userId: bigint, id: bigint) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** Marks the user's alert deleted; false when there was none. */
export async function deleteAlert(db: Kysely<Database>, userId: bigint, id: bigint, now: number) {
  const r = await db
    .updateTable('alerts')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return r.numUpdatedRows > 0n
}

/**
 * Pauses an active alert, or watches a paused or triggered one again (armed: its next crossing
 * fires). Moves only from the other state, so a repeated call changes nothing.
 */
export async function setPaused(
  db: Kysely<Database>,
  userId: bigint,
  id: bigint,
  paused: boolean,
  now: number,
) {
  await db
    .updateTable('alerts')
    .set(
      paused
        ? { status: 'paused', updated_at: now }
        : { status: 'active', armed: 1, updated_at: now },
    )
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('status', paused ? '=' : '<>', 'active')
    .execute()
}

/** The alerts the leader watches, at the start of its lead: a page of them after `afterId`. */
export function watchedAlerts(db: Kysely<Database>, afterId: bigint, limit: number) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('id', '>', afterId)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Every alert changed at or after `since` (any status: a pause or a delete takes one out). */
export function alertsChangedSince(db: Kysely<Database>, since: bigint) {
  return db.selectFrom('alerts').selectAll().where('updated_at', '>=', since).execute()
}

export function alertsByIds(db: Kysely<Database>, ids: readonly bigint[]) {
  return db.selectFrom('alerts').selectAll().where('id', 'in', ids).execute()
}

/**
 * The one write of a firing, or of a repeating alert's re-arming: it moves the alert only from the
 * state the leader saw (active, `armed` as held), so a second leader, or this one after a restart,
 * cannot fire the same crossing again. `fires` is how many crossings it records (0 for a re-arm
 * alone). True when it moved.
 */
export async function recordCrossings(
  db: Kysely<Database>,
  c: {
    id: bigint
    from: boolean
    to: boolean
    oneShot: boolean
    fires: number
    price: bigint | null
    at: number | null
    now: number
  },
): Promise<boolean> {
  const r = await db
    .updateTable('alerts')
    .set((eb) => ({
      status: c.oneShot && c.fires > 0 ? 'triggered' : 'active',
      armed: c.to ? 1 : 0,
      fired: eb('fired', '+', BigInt(c.fires)),
      ...(c.fires > 0 ? { fired_price: c.price, fired_at: c.at } : {}),
      updated_at: c.now,
    }))
    .where('id', '=', c.id)
    .where('status', '=', 'active')
    .where('armed', '=', c.from ? 1n : 0n)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return r.numUpdatedRows > 0n
}
