import { ok } from '@kabu/shared/api/envelope'
import {
  newStockInfoRequest,
  newStockListRequest,
  newStockSettleRequest,
  subscribeRequest,
  userNewStockListRequest,
} from '@kabu/shared/api/ipo'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import type { BrokerCalls } from '../common/broker-calls'
import type { IpoService } from './service'

/** `/trade/newstocklist`, `newstockinfo`, `subscribe`, `usernewstocklist`, `newstockPay`, `newstockWaive`. */
export function ipoRoutes(ipo: IpoService): BrokerCalls {
  return (routes) => {
    routes.authed('/trade/newstocklist', newStockListRequest, async ({ input }) => {
      const { type, phase } = input
      return ok(await ipo.list(MARKET_OF_TYPE[type], phase))
    })

    routes.authed('/trade/newstockinfo', newStockInfoRequest, async ({ input }) => {
      const { id } = input
      return ok(await ipo.info(BigInt(id)))
    })

    routes.authed('/trade/subscribe', subscribeRequest, async ({ input: form, user }) => {
      const answer = await ipo.subscribe(user, {
        id: BigInt(form.id),
        num: Number(form.num),
        idem: form.idem,
      })
      return ok(answer, 'subscribe_ok')
    })

    routes.authed('/trade/usernewstocklist', userNewStockListRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await ipo.records(user.userId, MARKET_OF_TYPE[type]))
    })

    routes.authed('/trade/newstockPay', newStockSettleRequest, async ({ input: form, user }) => {
      const input = { id: BigInt(form.id), fundPassword: form.fund_password, idem: form.idem }
      return ok(await ipo.pay(user, input), 'purchase_ok')
    })

    routes.authed('/trade/newstockWaive', newStockSettleRequest, async ({ input: form, user }) => {
      const input = { id: BigInt(form.id), fundPassword: form.fund_password, idem: form.idem }
      return ok(await ipo.waive(user.userId, input), 'cancel_ok')
    })
  }
}
