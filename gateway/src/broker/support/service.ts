import type { Kysely, Selectable } from 'kysely'
import {
  SUPPORT_PAGE_SIZE,
  SUPPORT_THREAD_MESSAGES,
  type OpsSupportThread,
  type SupportMessage,
  type SupportSent,
  type SupportStatus,
  type SupportThreadDetail,
  type SupportThreadItem,
} from '@kabu/shared/api/support'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { SupportMessagesTable, SupportThreadsTable } from '../../store/schema/support'
import { audit } from '../common/audit'
import { idempotent } from '../common/idempotency'
import type { IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { UserEvents } from '../common/user-events'
import * as q from './support.sql'

export interface SupportDeps {
  db: Kysely<Database>
  clock: Clock
  userEvents: UserEvents
  checks: Pick<IdentityChecks, 'uploadOwnedBy'>
}

type ThreadRow = Omit<Selectable<SupportThreadsTable>, 'closed_by'>
type MessageRow = Omit<Selectable<SupportMessagesTable>, 'operator'>

/**
 * Messages one user may send a minute: a conversation needs a few; a script filling the back
 * office's queue (and the database) is refused with `too_frequent`.
 */
export const SUPPORT_MESSAGES_PER_MINUTE = 20

// A list shows the opening words; the whole text is in the thread.
const SUBJECT_CHARS = 80
const excerpt = (text: string) => [...text].slice(0, SUBJECT_CHARS).join('')

const threadItem = (row: ThreadRow): SupportThreadItem => ({
  id: row.id.toString(),
  status: row.status,
  subject: row.subject,
  last_text: row.last_text,
  last_author: row.last_author,
  unread: Number(row.unread),
  created: Number(row.created_at),
  updated: Number(row.updated_at),
})

const messageOf = (row: MessageRow): SupportMessage => ({
  id: row.id.toString(),
  thread: row.thread_id.toString(),
  author: row.author,
  text: row.text,
  image: row.upload_id,
  created: Number(row.created_at),
})

export type SupportService = ReturnType<typeof createSupportService>

/**
 * Customer service: a user writes (starting a thread or in one of their own), the back office
 * lists what waits and replies, and the user hears the reply on `/user` after its commit. Whoever
 * wrote last sets the status (user → open, operator → answered); an operator may close a thread,
 * after which nobody writes in it.
 */
export function createSupportService({ db, clock, userEvents, checks }: SupportDeps) {
  return {
    async threads(userId: bigint, page: number) {
      const offset = (page - 1) * SUPPORT_PAGE_SIZE
      const rows = await q.pageOfThreads(db, userId, offset, SUPPORT_PAGE_SIZE)
      return { list: rows.map(threadItem) }
    },

    /** One of the user's threads with its newest messages; opening it reads the replies. */
    async thread(userId: bigint, id: bigint): Promise<SupportThreadDetail> {
      const row = await q.ownThread(db, userId, id)
      if (!row) throw new Refusal('not_found')
      await q.markRead(db, userId, id)
      const messages = await q.messagesOf(db, id, SUPPORT_THREAD_MESSAGES)
      return { thread: { ...threadItem(row), unread: 0 }, messages: messages.map(messageOf) }
    },

    /**
     * The user's message, idempotent on `idem`: a new thread without `thread`, else one of the
     * user's own that is not closed. An image must be a `support` upload of this user.
     */
    send(
      userId: bigint,
      input: { thread?: string; text: string; image?: string; idem: string },
    ): Promise<SupportSent> {
      const { idem, ...body } = input
      return idempotent(db, { userId, scope: 'support.send', idem, body }, async (trx) => {
        if (body.image && !(await checks.uploadOwnedBy(trx, userId, body.image, 'support'))) {
          throw new Refusal('not_found')
        }
        const now = clock.now()
        if ((await q.userMessagesSince(trx, userId, now - 60_000)) >= SUPPORT_MESSAGES_PER_MINUTE) {
          throw new Refusal('too_frequent')
        }
        let threadId: bigint
        if (body.thread === undefined) {
          const created = await q.insertThread(trx, {
            userId,
            subject: excerpt(body.text),
            text: body.text,
            now,
          })
          threadId = created.id
        } else {
          threadId = BigInt(body.thread)
          const row = await q.threadForUpdate(trx, threadId)
          if (!row || row.user_id !== userId) throw new Refusal('not_found')
          if (row.status === 'closed') throw new Refusal('support_thread_closed')
        }
        const message = await q.insertMessage(trx, {
          threadId,
          author: 'user',
          operator: null,
          text: body.text,
          uploadId: body.image ?? null,
          now,
        })
        const thread = await q.touchThread(trx, threadId, { author: 'user', text: body.text, now })
        return { thread: threadItem(thread), message: messageOf(message) }
      })
    },

    /** The back office's queue of one status, oldest waiting first. */
    async queue(status: SupportStatus, page: number): Promise<OpsSupportThread[]> {
      const offset = (page - 1) * SUPPORT_PAGE_SIZE
      const rows = await q.queue(db, status, offset, SUPPORT_PAGE_SIZE)
      return rows.map(({ account, ...row }) => {
        const { unread: _unread, ...item } = threadItem(row)
        return { ...item, account }
      })
    },

    /** A thread as the back office reads it (any user's), with its messages. */
    async opsThread(id: bigint) {
      const row = await q.threadById(db, id)
      if (!row) throw new Refusal('not_found')
      const owner = await q.accountOf(db, row.user_id)
      const messages = await q.messagesOf(db, id, SUPPORT_THREAD_MESSAGES)
      return {
        thread: { ...threadItem(row), account: owner?.account ?? '' },
        messages: messages.map(messageOf),
      }
    },

    /**
     * An operator's reply, written with its audit row in one transaction; the user's sockets hear
     * `support:message` once it has committed.
     */
    async reply(id: bigint, operator: string, text: string): Promise<SupportSent> {
      const sent = await db.transaction().execute(async (trx) => {
        const row = await q.threadForUpdate(trx, id)
        if (!row) throw new Refusal('not_found')
        if (row.status === 'closed') throw new Refusal('support_thread_closed')
        const now = clock.now()
        const message = await q.insertMessage(trx, {
          threadId: id,
          author: 'operator',
          operator,
          text,
          uploadId: null,
          now,
        })
        const thread = await q.touchThread(trx, id, { author: 'operator', text, now })
        await audit(
          trx,
          {
            operator,
            action: 'support.reply',
            target: `support:${id}`,
            before: { status: row.status },
            after: { status: thread.status, message: message.id, text },
          },
          now,
        )
        return { userId: row.user_id, thread: threadItem(thread), message: messageOf(message) }
      })
      userEvents.emit(sent.userId, {
        type: 'support:message',
        thread: sent.thread.id,
        status: sent.thread.status,
        message: sent.message,
      })
      return { thread: sent.thread, message: sent.message }
    },

    /** An operator closes a thread (audited); it takes no more messages from either side. */
    async close(id: bigint, operator: string): Promise<SupportThreadItem> {
      return db.transaction().execute(async (trx) => {
        const row = await q.threadForUpdate(trx, id)
        if (!row) throw new Refusal('not_found')
        if (row.status === 'closed') throw new Refusal('support_thread_closed')
        const thread = await q.closeThread(trx, id, operator)
        const now = clock.now()
        await audit(
          trx,
          {
            operator,
            action: 'support.close',
            target: `support:${id}`,
            before: { status: row.status },
            after: { status: 'closed' },
          },
          now,
        )
        return threadItem(thread)
      })
    },
  }
}
