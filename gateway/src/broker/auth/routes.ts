import { ok } from '@kabu/shared/api/envelope'
import {
  loginPasswordRequest,
  loginRequest,
  registerRequest,
  userinfoRequest,
  type SessionGrant,
  type Userinfo,
} from '@kabu/shared/api/user'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import { unitsToWire } from '../common/wire-money'
import type { AuthService } from './service'

/** `/user/*` session calls: parse the form, ask the service, answer in the spec's field names. */
export function authRoutes(auth: AuthService): BrokerCalls {
  return (routes) => {
    routes.open(
      '/user/register',
      registerRequest,
      async ({ input }) => ok<SessionGrant>(await auth.register(input), 'register_ok'),
      { rateLimited: true },
    )

    routes.open(
      '/user/login',
      loginRequest,
      async ({ input, ip }) => ok<SessionGrant>(await auth.login(input, ip), 'login_ok'),
      { rateLimited: true },
    )

    routes.authed('/user/logout', noForm, async ({ user }) => {
      await auth.logout(user)
      return ok(null)
    })

    routes.authed('/user/getUserinfo', userinfoRequest, async ({ input, user }) => {
      const { type } = input
      const profile = await auth.profile(user, MARKET_OF_TYPE[type])
      const info: Userinfo = {
        account: profile.account,
        [type]: unitsToWire(profile.balances.available),
        [`${type}yjed`]: unitsToWire(profile.balances.borrowed),
        credit_score: profile.creditScore,
        verified: profile.verified,
        fund_password_set: profile.fundPasswordSet,
        invite_code: profile.inviteCode,
      }
      return ok(info)
    })

    routes.authed('/user/loginPassword', loginPasswordRequest, async ({ input, user }) => {
      await auth.changePassword(user, input)
      return ok(null, 'modify_ok')
    })
  }
}
