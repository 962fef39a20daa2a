import type { InboxPage, MessageDetail } from '@kabu/shared/api/inbox'
import { brokerPost } from '../../api/broker'

/** /user/messages: one page of the caller's inbox, newest first, with the unread count. */
export function fetchInboxPage(page: number): Promise<InboxPage> {
  return brokerPost<InboxPage>('/user/messages', { page: String(page) })
}

/** /user/messageInfo: the whole message; the server marks it read. */
export function fetchMessage(id: string): Promise<MessageDetail> {
  return brokerPost<MessageDetail>('/user/messageInfo', { id })
}
