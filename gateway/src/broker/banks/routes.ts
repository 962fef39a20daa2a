import { ok } from '@kabu/shared/api/envelope'
import { bankAddRequest, bankDelRequest, type BankCard } from '@kabu/shared/api/banks'
import { proofOf } from '../common/second-factor'
import type { VueArea } from '../common/vue-area'
import type { BankService } from './service'

/** `/user/banks`, `/user/bankAdd`, `/user/bankDel`. */
export function bankRoutes(banks: BankService): VueArea {
  return (routes) => {
    routes.authed('/user/banks', async ({ user }) => ok<BankCard[]>(await banks.list(user)))

    routes.authed('/user/bankAdd', async (call) => {
      const { fund_password, ...card } = bankAddRequest.parse(call.body)
      return ok(await banks.add(call.user, card, fund_password, proofOf(call)), 'add_ok')
    })

    routes.authed('/user/bankDel', async (call) => {
      const { id, fund_password } = bankDelRequest.parse(call.body)
      await banks.remove(call.user, BigInt(id), fund_password, proofOf(call))
      return ok(null, 'unbind_ok')
    })
  }
}
