import { ok } from '@kabu/shared/api/envelope'
import { bankAddRequest, bankDelRequest, type BankCard } from '@kabu/shared/api/banks'
import { proofOf } from '../common/second-factor'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { BankService } from './service'

/** `/user/banks`, `/user/bankAdd`, `/user/bankDel`. */
export function bankRoutes(banks: BankService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/banks', noForm, async ({ user }) => ok<BankCard[]>(await banks.list(user)))

    routes.authed('/user/bankAdd', bankAddRequest, async (call) => {
      const { fund_password, ...card } = call.input
      return ok(await banks.add(call.user, card, fund_password, proofOf(call)), 'add_ok')
    })

    routes.authed('/user/bankDel', bankDelRequest, async (call) => {
      const { id, fund_password } = call.input
      await banks.remove(call.user, BigInt(id), fund_password, proofOf(call))
      return ok(null, 'unbind_ok')
    })
  }
}
