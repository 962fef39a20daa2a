import { z } from 'zod'

/** Request and answer shapes of the inbox calls `/user/messages` and `/user/messageInfo` (API.md). */

/** Messages per page of `/user/messages`. */
export const INBOX_PAGE_SIZE = 20

// Ids are decimal strings of a BIGINT; anything longer than 19 digits cannot be one.
const idField = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')

export const messagesRequest = z.object({
  page: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,5}$/, 'invalid_input')
    .transform(Number)
    .default(1),
})

export const messageInfoRequest = z.object({ id: idField })

/** One line of the inbox. `title`/`summary` are catalogue keys (translated with params) or text. */
export interface InboxItem {
  id: string
  title: string
  summary: string
  params: Record<string, string>
  /** 0 unread, 1 read. */
  read: 0 | 1
  /** Epoch milliseconds. */
  created: number
}

export interface InboxPage {
  list: InboxItem[]
  unread: number
}

/** `data` of `/user/messageInfo`: the whole message; asking marks it read. */
export interface MessageDetail {
  id: string
  title: string
  summary: string
  body: string
  params: Record<string, string>
  created: number
}
