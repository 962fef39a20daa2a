import { z } from 'zod'
import { ok } from '@kabu/shared/api/envelope'
import { rechargeChannelsRequest, rechargeRequest } from '@kabu/shared/api/funds'
import { pageSchema } from '@kabu/shared/api/paging'
import { marketTypeSchema } from '@kabu/shared/api/user'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { BrokerCalls } from '../common/broker-calls'
import type { DepositService } from './service'

const currencyOf = (type: MarketType) => CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]

const listRequest = z.object({ type: marketTypeSchema, page: pageSchema })

/** `/user/rechargeChannels`, `/user/recharge`, `/user/rechargelist`. */
export function depositRoutes(deposits: DepositService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/rechargeChannels', rechargeChannelsRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await deposits.channels(user, currencyOf(type)))
    })

    routes.authed('/user/recharge', rechargeRequest, async ({ input: form, user }) => {
      const answer = await deposits.recharge(user, {
        currency: currencyOf(form.type),
        money: form.money,
        channel: form.channel,
        voucher: form.voucher,
        idem: form.idem,
      })
      return ok(answer, 'submit_ok')
    })

    routes.authed('/user/rechargelist', listRequest, async ({ input, user }) => {
      const { type, page } = input
      return ok(await deposits.list(user, currencyOf(type), page))
    })
  }
}
