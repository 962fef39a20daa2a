import { ok } from '@kabu/shared/api/envelope'
import {
  messageInfoRequest,
  messagesRequest,
  type InboxPage,
  type MessageDetail,
} from '@kabu/shared/api/inbox'
import type { BrokerCalls } from '../common/broker-calls'
import type { MessagesService } from './service'

/** `/user/messages` and `/user/messageInfo`: the caller's own inbox, nobody else's. */
export function messagesRoutes(messages: MessagesService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/messages', messagesRequest, async ({ input, user }) => {
      const { page } = input
      return ok<InboxPage>(await messages.inbox(user.userId, page))
    })

    routes.authed('/user/messageInfo', messageInfoRequest, async ({ input, user }) => {
      const { id } = input
      return ok<MessageDetail>(await messages.read(user.userId, BigInt(id)))
    })
  }
}
