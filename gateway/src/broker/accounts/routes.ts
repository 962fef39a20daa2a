import {
  accountsRequest,
  nisaOpenRequest,
  taxAccountRequest,
  type AccountsAnswer,
} from '@kabu/shared/api/accounts'
import { ok } from '@kabu/shared/api/envelope'
import type { BrokerCalls } from '../common/broker-calls'
import type { AccountsService } from './service'

/** `/user/accounts`, `/user/nisaOpen` and `/user/taxAccount` (API.md, issue 36). */
export function accountsRoutes(accounts: AccountsService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/accounts', accountsRequest, async ({ user }) =>
      ok<AccountsAnswer>(await accounts.accounts(user.userId)),
    )
    routes.authed('/user/nisaOpen', nisaOpenRequest, async ({ input, user }) => {
      await accounts.openNisa(user, input.fund_password)
      return ok(null, 'submit_ok')
    })
    routes.authed('/user/taxAccount', taxAccountRequest, async ({ input, user }) => {
      await accounts.chooseTaxAccount(user, input.kind, input.fund_password)
      return ok(null, 'modify_ok')
    })
  }
}
