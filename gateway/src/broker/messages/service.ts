import type { Kysely } from 'kysely'
import {
  INBOX_PAGE_SIZE,
  type InboxItem,
  type InboxPage,
  type MessageDetail,
} from '@kabu/shared/api/inbox'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { UserEvents } from '../common/user-events'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { Messages } from '../common/messages'
import { whenCommitted } from './after-commit'
import * as q from './messages.sql'

export type MessagesService = ReturnType<typeof createMessages>

export interface MessagesDeps {
  db: Kysely<Database>
  clock: Clock
  userEvents: UserEvents
  logger?: Logger
}

/** Params are stored as JSON written by us; anything else in the column is dropped, not trusted. */
function paramsOf(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
  } catch {
    return {}
  }
}

/** The inbox: messages are written in the transactions of the events they tell of, read by their owner. */
export function createMessages({ db, clock, userEvents, logger }: MessagesDeps) {
  const newMessageEvent = (
    id: bigint,
    msg: { title: string; summary: string; params?: Record<string, string> },
    created: number,
  ): UserEvent => ({
    type: 'message:new',
    id: id.toString(),
    title: msg.title,
    summary: msg.summary,
    params: msg.params ?? {},
    created,
  })

  const service = {
    async send(trx, msg) {
      const created = clock.now()
      const id = await q.insertMessage(trx, msg, created)
      whenCommitted(
        () => q.messageCommitted(db, id, msg, created),
        () => userEvents.emit(msg.userId, newMessageEvent(id, msg, created)),
        (error) => logger?.error({ err: error }, 'message announcement failed'),
      )
    },

    /**
     * An operator's message to every user (or only `onlyUserId`), inside the caller's transaction.
     * Returns the events to emit once it commits (the caller owns the transaction, so it knows when).
     */
    async sendToUsers(
      trx: Kysely<Database>,
      msg: { title: string; summary: string; body?: string },
      onlyUserId?: bigint,
    ): Promise<Array<{ userId: bigint; event: UserEvent }>> {
      const created = clock.now()
      const rows = await q.insertMessageForUsers(trx, msg, created, onlyUserId)
      return rows.map((row) => ({
        userId: row.user_id,
        event: newMessageEvent(row.id, msg, created),
      }))
    },

    async inbox(userId: bigint, page: number): Promise<InboxPage> {
      const rows = await q.pageOfMessages(db, userId, (page - 1) * INBOX_PAGE_SIZE, INBOX_PAGE_SIZE)
      const list: InboxItem[] = rows.map((row) => ({
        id: row.id.toString(),
        title: row.title,
        summary: row.summary,
        params: paramsOf(row.params),
        read: row.read_at === null ? 0 : 1,
        created: Number(row.created_at),
      }))
      return { list, unread: await q.unreadCount(db, userId) }
    },

    /** One of the user's own messages, marked read; anyone else's id is simply not found. */
    async read(userId: bigint, id: bigint): Promise<MessageDetail> {
      const row = await q.findOwnMessage(db, userId, id)
      if (!row) throw new Refusal('not_found')
      await q.markRead(db, userId, id, clock.now())
      return {
        id: row.id.toString(),
        title: row.title,
        summary: row.summary,
        body: row.body,
        params: paramsOf(row.params),
        created: Number(row.created_at),
      }
    },
  } satisfies Messages & Record<string, unknown>
  return service
}
