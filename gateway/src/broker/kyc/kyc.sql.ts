import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../store/index'
import type { IdentityRequestsTable } from '../../store/schema/identity'

type Db = Kysely<Database>
export type IdentityRequest = Selectable<IdentityRequestsTable>

/** The user's latest identity request: it alone decides their status. */
export function latestRequest(db: Db, userId: bigint): Promise<IdentityRequest | undefined> {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function requestById(db: Db, id: bigint): Promise<IdentityRequest | undefined> {
  return db.selectFrom('identity_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

export function requestsWithAccount(db: Db, status: string) {
  return db
    .selectFrom('identity_requests')
    .innerJoin('users', 'users.id', 'identity_requests.user_id')
    .select([
      'identity_requests.id',
      'identity_requests.user_id',
      'users.account',
      'identity_requests.status',
      'identity_requests.name',
      'identity_requests.doctype',
      'identity_requests.idnumber_last4',
      'identity_requests.front_upload',
      'identity_requests.back_upload',
      'identity_requests.reason',
      'identity_requests.operator',
      'identity_requests.created_at',
      'identity_requests.decided_at',
    ])
    .where('identity_requests.status', '=', status as IdentityRequest['status'])
    .orderBy('identity_requests.id', 'asc')
    .limit(500)
    .execute()
}

/** Decides a request only while it is pending; the number of rows changed says whether it was. */
export async function decide(
  db: Db,
  id: bigint,
  decision: {
    status: 'approved' | 'rejected'
    operator: string
    reason: string | null
    at: number
  },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_requests')
    .set({
      status: decision.status,
      operator: decision.operator,
      reason: decision.reason,
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
