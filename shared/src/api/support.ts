import { z } from 'zod'
import { idemSchema } from './funds'
import { UPLOAD_ID_RULE } from './kyc'
import { pageSchema } from './paging'

/**
 * Customer service conversations (API.md: `/user/supportThreads`, `/user/supportThread`,
 * `/user/supportSend`; `/api/ops/support`). A thread is `open` while it waits for the back office
 * (the user wrote last), `answered` once an operator replied last, and `closed` when an operator
 * closed it: a closed thread takes no more messages (`support_thread_closed`), the user starts a new
 * one.
 */

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]
export type SupportAuthor = 'user' | 'operator'

/** Threads per page of `/user/supportThreads` and of the back office's queue. */
export const SUPPORT_PAGE_SIZE = 20
/** Longest message, in characters (after trimming). */
export const SUPPORT_TEXT_MAX = 2000
/** The newest messages `/user/supportThread` returns (older ones stay stored). */
export const SUPPORT_THREAD_MESSAGES = 200

// PostgreSQL cannot store NUL in text, and a message has no use for it.
const messageText = z
  .string({ error: 'invalid_input' })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(SUPPORT_TEXT_MAX, 'invalid_input')
      .refine((v) => !v.includes('\u0000'), 'invalid_input'),
  )

const idField = z
  .string({ error: 'invalid_input' })
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')

export const supportThreadsRequest = z.object({ page: pageSchema })
export const supportThreadRequest = z.object({ id: idField })

/**
 * `/user/supportSend`: without `thread` it starts a new conversation. A message needs text or an
 * image (an upload of kind `support` the user made); both may come together.
 */
export const supportSendRequest = z
  .object({
    thread: idField.optional().or(z.literal('').transform(() => undefined)),
    text: messageText.default(''),
    image: z
      .string({ error: 'invalid_input' })
      .regex(UPLOAD_ID_RULE, 'invalid_input')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    idem: idemSchema,
  })
  .refine((m) => m.text.length > 0 || m.image !== undefined, { message: 'invalid_input' })

export type SupportSendRequest = z.input<typeof supportSendRequest>

/** One message of a conversation. `image` is an upload id, served by `GET /common/upload/:id`. */
export interface SupportMessage {
  id: string
  thread: string
  author: SupportAuthor
  text: string
  image: string | null
  /** Epoch milliseconds. */
  created: number
}

/** One line of `/user/supportThreads`, newest activity first. */
export interface SupportThreadItem {
  id: string
  status: SupportStatus
  /** The first message's opening words ('' when it was only an image). */
  subject: string
  last_text: string
  last_author: SupportAuthor
  /** Operator messages the user has not opened yet. */
  unread: number
  created: number
  updated: number
}

/** `data` of `/user/supportThread`: the thread (now read) and its newest messages, oldest first. */
export interface SupportThreadDetail {
  thread: SupportThreadItem
  messages: SupportMessage[]
}

/** `data` of `/user/supportSend`. */
export interface SupportSent {
  thread: SupportThreadItem
  message: SupportMessage
}

/** The `/user` event of an operator's reply (API.md `support:message`). */
export interface SupportMessageEvent {
  type: 'support:message'
  thread: string
  status: SupportStatus
  message: SupportMessage
}

// The back office (JSON).

const opsText = z
  .string()
  .trim()
  .min(1)
  .max(SUPPORT_TEXT_MAX)
  .refine((v) => !v.includes('\u0000'), 'invalid_input')

/** `GET /api/ops/support?status=open&page=` */
export const opsSupportQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).default('open'),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'invalid_input')
    .transform(Number)
    .default(1),
})
/** `:thread` of `/api/ops/support/:thread…` */
export const opsSupportTarget = z.object({ thread: idField })
/** `POST /api/ops/support/:thread/reply` */
export const opsSupportReplyBody = z.object({ text: opsText })

/** A row of the back office's queue: the thread with whose it is. */
export interface OpsSupportThread extends Omit<SupportThreadItem, 'unread'> {
  account: string
}
