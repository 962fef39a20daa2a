import { sql, type Kysely } from 'kysely'
import { onPostgres, type Database, type NewUser, type User } from '../../store/index'
import { prepared } from '../../store/prepared'

/** The auth area's queries. Accounts compare case-insensitively (users_account_unique index). */

type Db = Kysely<Database>

export function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst()
}

export function findUserById(db: Db, id: bigint): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findUserByInviteCode(db: Db, code: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst()
}

export async function insertUser(db: Db, user: NewUser): Promise<bigint> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function insertSession(
  db: Db,
  session: { userId: bigint; tokenHash: string; now: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ user_id: session.userId, token_hash: session.tokenHash, created_at: session.now })
    .execute()
}

/** The unrevoked session of a token hash, created after `notBefore`, with its user. */
// The user's self-freezes come with the session (every order and withdrawal asks): a list of
// scopes, comma-separated, or null. On PostgreSQL a change to them drops cached sessions
// (migration 0033).
const liveSession = prepared((db, p: { tokenHash: string; notBefore: bigint }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select((eb) => [
      'sessions.id as session_id',
      'sessions.created_at',
      'users.id as user_id',
      'users.account',
      'users.status',
      'users.trading_barred',
      eb
        .selectFrom('self_freezes')
        .select(
          (onPostgres(db)
            ? sql<string>`string_agg(scope, ',')`
            : sql<string>`group_concat(scope, ',')`
          ).as('scopes'),
        )
        .whereRef('self_freezes.user_id', '=', 'users.id')
        .as('self_frozen'),
    ])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.created_at', '>', p.notBefore),
)

export async function findLiveSession(db: Db, tokenHash: string, notBefore: number) {
  const { rows } = await liveSession(db, { tokenHash, notBefore: BigInt(notBefore) })
  return rows[0]
}

export async function revokeSession(db: Db, sessionId: bigint, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeAllSessions(db: Db, userId: bigint, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function setPasswordHash(db: Db, userId: bigint, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute()
}
