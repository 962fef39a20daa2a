import type { InboxPage, MessageDetail } from '@kabu/shared/api/inbox'
import { vuePost } from '../../api/vue'

/** /user/messages: one page of the caller's inbox, newest first, with the unread count. */
export function fetchInboxPage(page: number): Promise<InboxPage> {
  return vuePost<InboxPage>('/user/messages', { page: String(page) })
}

/** /user/messageInfo: the whole message; the server marks it read. */
export function fetchMessage(id: string): Promise<MessageDetail> {
  return vuePost<MessageDetail>('/user/messageInfo', { id })
}
