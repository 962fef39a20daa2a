import type { Kysely } from 'kysely'
import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import type { Database } from '../../store/index'
import { prepared } from '../../store/prepared'

/** The self-freeze queries; every one is scoped by the user's id. */

type Db = Kysely<Database>

export function freezesOf(db: Db, userId: bigint) {
  return db
    .selectFrom('self_freezes')
    .select(['scope', 'frozen_at'])
    .where('user_id', '=', userId)
    .execute()
}

const frozenScope = prepared((db, p: { userId: bigint; scope: SelfFreezeScope }) =>
  db
    .selectFrom('self_freezes')
    .select('scope')
    .where('user_id', '=', p.userId)
    .where('scope', '=', p.scope),
)

/** One primary-key read: asked before every withdrawal and order. */
export async function isFrozen(db: Db, userId: bigint, scope: SelfFreezeScope): Promise<boolean> {
  const { rows } = await frozenScope(db, { userId, scope })
  return rows.length > 0
}

/** Freezes a scope; one already frozen keeps its first time (its cooling-off is not restarted). */
export async function freeze(db: Db, userId: bigint, scope: SelfFreezeScope, now: number) {
  const row = await db
    .insertInto('self_freezes')
    .values({ user_id: userId, scope, frozen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'scope']).doNothing())
    .returning('frozen_at')
    .executeTakeFirst()
  return row !== undefined
}

/** Lifts the scopes frozen at or before `frozenBy` (the cooling-off period has passed). */
export async function unfreeze(
  db: Db,
  userId: bigint,
  scopes: SelfFreezeScope[],
  frozenBy: number,
): Promise<number> {
  const result = await db
    .deleteFrom('self_freezes')
    .where('user_id', '=', userId)
    .where('scope', 'in', scopes)
    .where('frozen_at', '<=', BigInt(frozenBy))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
