import { ok } from '@kabu/shared/api/envelope'
import {
  supportSendRequest,
  supportThreadRequest,
  supportThreadsRequest,
  type SupportSent,
  type SupportThreadDetail,
} from '@kabu/shared/api/support'
import type { BrokerCalls } from '../common/broker-calls'
import type { SupportService } from './service'

/** `/user/supportThreads`, `/user/supportThread` and `/user/supportSend`: the caller's own threads. */
export function supportRoutes(support: SupportService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/supportThreads', supportThreadsRequest, async ({ input, user }) => {
      const { page } = input
      return ok(await support.threads(user.userId, page))
    })

    routes.authed('/user/supportThread', supportThreadRequest, async ({ input, user }) => {
      const { id } = input
      return ok<SupportThreadDetail>(await support.thread(user.userId, BigInt(id)))
    })

    routes.authed('/user/supportSend', supportSendRequest, async ({ input, user }) => {
      return ok<SupportSent>(await support.send(user.userId, input), 'submit_ok')
    })
  }
}
