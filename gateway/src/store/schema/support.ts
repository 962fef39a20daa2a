import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault } from './columns'

/** Tables of migration 0020-support. Integers are bigint in JS on both stores (see ../schema.ts). */

export type SupportStatus = 'open' | 'answered' | 'closed'
export type SupportAuthor = 'user' | 'operator'

/** A customer-service conversation; the last message's text and author are kept for the lists. */
export interface SupportThreadsTable {
  id: GeneratedAlways<bigint>
  user_id: Int
  status: SupportStatus
  subject: string
  last_text: string
  last_author: SupportAuthor
  /** Operator messages the user has not opened. */
  unread: IntDefault
  created_at: Int
  updated_at: Int
  /** The operator who closed it. */
  closed_by: string | null
}

export interface SupportMessagesTable {
  id: GeneratedAlways<bigint>
  thread_id: Int
  author: SupportAuthor
  /** The operator's name (audit), null for the user's messages. */
  operator: string | null
  text: string
  /** An upload of kind `support` the user made. */
  upload_id: string | null
  created_at: Int
}

export interface SupportTables {
  support_threads: SupportThreadsTable
  support_messages: SupportMessagesTable
}
