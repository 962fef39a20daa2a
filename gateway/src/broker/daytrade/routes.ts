import { ok } from '@kabu/shared/api/envelope'
import {
  daytradeApplyRequest,
  daytradeInfoRequest,
  daytradeListRequest,
  daytradeOrderRequest,
} from '@kabu/shared/api/daytrade'
import type { BrokerCalls } from '../common/broker-calls'
import { Refusal } from '../common/refusal'
import type { DaytradeService } from './service'

/**
 * `/trade/daytradeApply`, `/trade/daytradelist`, `/trade/daytradeOrder` (API.md "trade") and the
 * detail the screen needs (docs/api-additions.md): `/trade/daytradeinfo`.
 */
export function daytradeRoutes(daytrade: DaytradeService): BrokerCalls {
  return (routes) => {
    routes.authed('/trade/daytradeApply', daytradeApplyRequest, async ({ input: form, user }) => {
      if (form.account === 'nisa') throw new Refusal('nisa_not_eligible')
      return ok(await daytrade.apply(user, form), 'submit_ok')
    })

    routes.authed('/trade/daytradelist', daytradeListRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await daytrade.list(user.userId, type))
    })

    routes.authed('/trade/daytradeinfo', daytradeInfoRequest, async ({ input, user }) => {
      const { id } = input
      return ok(await daytrade.info(user.userId, BigInt(id)))
    })

    routes.authed('/trade/daytradeOrder', daytradeOrderRequest, async ({ input: form, user }) => {
      const answer = await daytrade.order(user, { ...form, id: BigInt(form.id) })
      return ok(answer, 'submit_ok')
    })
  }
}
