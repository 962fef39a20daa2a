import { z } from 'zod'
import { pageSchema } from '@kabu/shared/api/paging'
import { ok } from '@kabu/shared/api/envelope'
import { withdrawRequest } from '@kabu/shared/api/funds'
import { marketTypeSchema } from '@kabu/shared/api/user'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { proofOf } from '../common/second-factor'
import type { BrokerCalls } from '../common/broker-calls'
import type { WithdrawalService } from './service'

const currencyOf = (type: MarketType) => CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
const listRequest = z.object({ type: marketTypeSchema, page: pageSchema })
const rulesRequest = z.object({ type: marketTypeSchema })

/** `/user/withdraw`, `/user/withdrawallist`, and `/user/withdrawRules` (the screen's checklist). */
export function withdrawalRoutes(withdrawals: WithdrawalService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/withdrawRules', rulesRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await withdrawals.rules(user.userId, currencyOf(type)))
    })

    routes.authed('/user/withdraw', withdrawRequest, async (call) => {
      const { input: form, user } = call
      const answer = await withdrawals.withdraw(user.userId, {
        currency: currencyOf(form.type),
        money: form.money,
        bankId: BigInt(form.bank_id),
        fundPassword: form.fund_password,
        proof: proofOf(call),
        idem: form.idem,
      })
      return ok(answer, 'submit_ok')
    })

    routes.authed('/user/withdrawallist', listRequest, async ({ input, user }) => {
      const { type, page } = input
      return ok(await withdrawals.list(user.userId, currencyOf(type), page))
    })
  }
}
