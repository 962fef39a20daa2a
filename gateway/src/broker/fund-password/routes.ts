import { ok } from '@kabu/shared/api/envelope'
import { fundPasswordRequest } from '@kabu/shared/api/banks'
import type { BrokerCalls } from '../common/broker-calls'
import type { FundPasswordService } from './service'

/** `/user/fundPassword`: set (with the login password) or change (with the old one). */
export function fundPasswordRoutes(fundPasswords: FundPasswordService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/fundPassword', fundPasswordRequest, async ({ input, user }) => {
      await fundPasswords.change(user, input)
      return ok(null, 'modify_ok')
    })
  }
}
