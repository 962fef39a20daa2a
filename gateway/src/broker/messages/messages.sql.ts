import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'

/** The inbox's queries; every read is scoped by the user id. */

type Db = Kysely<Database>

export interface NewMessage {
  userId: bigint
  title: string
  summary: string
  body?: string
  params?: Record<string, string>
}

export async function insertMessage(db: Db, msg: NewMessage, now: number): Promise<bigint> {
  const row = await db
    .insertInto('messages')
    .values({
      user_id: msg.userId,
      title: msg.title,
      summary: msg.summary,
      body: msg.body ?? '',
      params: JSON.stringify(msg.params ?? {}),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * One copy per user (an operator's message to everyone, or to `onlyUserId`), with the ids the user
 * events need.
 */
export function insertMessageForUsers(
  db: Db,
  msg: Omit<NewMessage, 'userId'>,
  now: number,
  onlyUserId?: bigint,
) {
  let users = db.selectFrom('users')
  if (onlyUserId !== undefined) users = users.where('id', '=', onlyUserId)
  return db
    .insertInto('messages')
    .columns(['user_id', 'title', 'summary', 'body', 'params', 'created_at'])
    .expression(
      users.select((eb) => [
        'id',
        eb.val(msg.title).as('title'),
        eb.val(msg.summary).as('summary'),
        eb.val(msg.body ?? '').as('body'),
        eb.val(JSON.stringify(msg.params ?? {})).as('params'),
        eb.val(BigInt(now)).as('created_at'),
      ]),
    )
    .returning(['id', 'user_id'])
    .execute()
}

/**
 * Whether this very message is visible outside its transaction. SQLite hands a rolled-back id out
 * again, so the id alone could match a later message: the whole row must match.
 */
export async function messageCommitted(
  db: Db,
  id: bigint,
  msg: NewMessage,
  createdAt: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', msg.userId)
    .where('title', '=', msg.title)
    .where('summary', '=', msg.summary)
    .where('created_at', '=', BigInt(createdAt))
    .executeTakeFirst()
  return row !== undefined
}

export function pageOfMessages(db: Db, userId: bigint, offset: number, limit: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'title', 'summary', 'params', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function unreadCount(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findOwnMessage(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function markRead(db: Db, userId: bigint, id: bigint, now: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute()
}
