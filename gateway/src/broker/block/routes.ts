import { ok } from '@kabu/shared/api/envelope'
import {
  blockBuyRequest,
  blockIdRequest,
  blockListRequest,
  userBlockListRequest,
} from '@kabu/shared/api/block'
import type { BrokerCalls } from '../common/broker-calls'
import type { BlockService } from './service'

/**
 * `/trade/blocklist`, `/trade/blockbuy` (API.md "trade") and the reads the screens need
 * (docs/api-additions.md): `/trade/blockinfo`, `/trade/userblocklist`, `/trade/userblockinfo`.
 */
export function blockRoutes(block: BlockService): BrokerCalls {
  return (routes) => {
    routes.authed('/trade/blocklist', blockListRequest, async ({ input }) => {
      const { type } = input
      return ok(await block.list(type))
    })

    routes.authed('/trade/blockinfo', blockIdRequest, async ({ input }) => {
      const { id } = input
      return ok(await block.info(BigInt(id)))
    })

    routes.authed('/trade/blockbuy', blockBuyRequest, async ({ input: form, user }) => {
      const answer = await block.buy(user, {
        id: BigInt(form.id),
        num: form.num,
        fundPassword: form.fund_password,
        idem: form.idem,
      })
      return ok(answer, 'submit_ok')
    })

    routes.authed('/trade/userblocklist', userBlockListRequest, async ({ input, user }) => {
      const { type, status } = input
      return ok(await block.orders(user.userId, type, status))
    })

    routes.authed('/trade/userblockinfo', blockIdRequest, async ({ input, user }) => {
      const { id } = input
      return ok(await block.order(user.userId, BigInt(id)))
    })
  }
}
