import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import type { SupportAuthor, SupportStatus } from '../../store/schema/support'

/** Customer service's queries. Every read a user makes is scoped by that user's id. */

type Db = Kysely<Database>

const THREAD_COLUMNS = [
  'id',
  'user_id',
  'status',
  'subject',
  'last_text',
  'last_author',
  'unread',
  'created_at',
  'updated_at',
] as const

export function pageOfThreads(db: Db, userId: bigint, offset: number, limit: number) {
  return db
    .selectFrom('support_threads')
    .select(THREAD_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** One of the user's threads; anyone else's is simply not there. */
export function ownThread(db: Db, userId: bigint, id: bigint) {
  return db
    .selectFrom('support_threads')
    .select(THREAD_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Any user's thread, for the back office. */
export function threadById(db: Db, id: bigint) {
  return db
    .selectFrom('support_threads')
    .select(THREAD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * A thread as a writer sees it. On PostgreSQL the row is locked, so a reply and a close (or two
 * messages) queue on it and each sees the other's status.
 */
export function threadForUpdate(db: Db, id: bigint) {
  let query = db.selectFrom('support_threads').select(THREAD_COLUMNS).where('id', '=', id)
  // SQLite has one writer at a time (and no FOR UPDATE): the transaction alone serialises.
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** The newest `limit` messages of a thread, oldest first. */
export async function messagesOf(db: Db, threadId: bigint, limit: number) {
  const rows = await db
    .selectFrom('support_messages')
    .select(['id', 'thread_id', 'author', 'text', 'upload_id', 'created_at'])
    .where('thread_id', '=', threadId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.reverse()
}

export function insertThread(
  db: Db,
  row: { userId: bigint; subject: string; text: string; now: number },
) {
  return db
    .insertInto('support_threads')
    .values({
      user_id: row.userId,
      status: 'open',
      subject: row.subject,
      last_text: row.text,
      last_author: 'user',
      unread: 0,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning(THREAD_COLUMNS)
    .executeTakeFirstOrThrow()
}

export function insertMessage(
  db: Db,
  row: {
    threadId: bigint
    author: SupportAuthor
    operator: string | null
    text: string
    uploadId: string | null
    now: number
  },
) {
  return db
    .insertInto('support_messages')
    .values({
      thread_id: row.threadId,
      author: row.author,
      operator: row.operator,
      text: row.text,
      upload_id: row.uploadId,
      created_at: row.now,
    })
    .returning(['id', 'thread_id', 'author', 'text', 'upload_id', 'created_at'])
    .executeTakeFirstOrThrow()
}

/** After a new message: who wrote last decides the status; an operator's adds one unread. */
export function touchThread(
  db: Db,
  id: bigint,
  change: { author: SupportAuthor; text: string; now: number },
) {
  const status: SupportStatus = change.author === 'user' ? 'open' : 'answered'
  return db
    .updateTable('support_threads')
    .set({
      status,
      last_text: change.text,
      last_author: change.author,
      updated_at: change.now,
      unread: change.author === 'operator' ? sql<bigint>`unread + 1` : sql<bigint>`unread`,
    })
    .where('id', '=', id)
    .returning(THREAD_COLUMNS)
    .executeTakeFirstOrThrow()
}

export async function markRead(db: Db, userId: bigint, id: bigint): Promise<void> {
  await db
    .updateTable('support_threads')
    .set({ unread: 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('unread', '>', 0n)
    .execute()
}

export function closeThread(db: Db, id: bigint, operator: string) {
  return db
    .updateTable('support_threads')
    .set({ status: 'closed', closed_by: operator })
    .where('id', '=', id)
    .returning(THREAD_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The back office's queue: threads of one status, oldest waiting first, with the account. */
export function queue(db: Db, status: SupportStatus, offset: number, limit: number) {
  return db
    .selectFrom('support_threads')
    .innerJoin('users', 'users.id', 'support_threads.user_id')
    .select([
      'support_threads.id',
      'support_threads.user_id',
      'support_threads.status',
      'support_threads.subject',
      'support_threads.last_text',
      'support_threads.last_author',
      'support_threads.unread',
      'support_threads.created_at',
      'support_threads.updated_at',
      'users.account',
    ])
    .where('support_threads.status', '=', status)
    .orderBy('support_threads.updated_at', 'asc')
    .orderBy('support_threads.id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** How many messages the user wrote since `since` (all threads). */
export async function userMessagesSince(db: Db, userId: bigint, since: number): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .innerJoin('support_threads', 'support_threads.id', 'support_messages.thread_id')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('support_threads.user_id', '=', userId)
    .where('support_messages.author', '=', 'user')
    .where('support_messages.created_at', '>', BigInt(since))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function accountOf(db: Db, userId: bigint) {
  return db.selectFrom('users').select('account').where('id', '=', userId).executeTakeFirst()
}
