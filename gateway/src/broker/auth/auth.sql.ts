import type { Kysely } from 'kysely'
import type { Database, NewUser, User } from '../../store/index'

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
export function findLiveSession(db: Db, tokenHash: string, notBefore: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.created_at',
      'users.id as user_id',
      'users.account',
      'users.status',
      'users.trading_barred',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.created_at', '>', BigInt(notBefore))
    .executeTakeFirst()
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
