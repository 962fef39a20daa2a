import { ok } from '@kabu/shared/api/envelope'
import { bankAddRequest, bankDelRequest, type BankCard } from '@kabu/shared/api/banks'
import { noForm, type VueArea } from '../common/vue-area'
import type { BankService } from './service'

/** `/user/banks`, `/user/bankAdd`, `/user/bankDel`. */
export function bankRoutes(banks: BankService): VueArea {
  return (routes) => {
    routes.authed('/user/banks', noForm, async ({ user }) => ok<BankCard[]>(await banks.list(user)))

    routes.authed('/user/bankAdd', bankAddRequest, async ({ input, user }) => {
      const { fund_password, ...card } = input
      return ok(await banks.add(user, card, fund_password), 'add_ok')
    })

    routes.authed('/user/bankDel', bankDelRequest, async ({ input, user }) => {
      const { id, fund_password } = input
      await banks.remove(user, BigInt(id), fund_password)
      return ok(null, 'unbind_ok')
    })
  }
}
