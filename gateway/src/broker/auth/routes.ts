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
import type { VueArea } from '../common/vue-area'
import { unitsToWire } from '../common/wire-money'
import type { AuthService } from './service'

/** `/user/*` session calls: parse the form, ask the service, answer in the spec's field names. */
export function authRoutes(auth: AuthService): VueArea {
  return (routes) => {
    routes.open(
      '/user/register',
      async ({ body }) =>
        ok<SessionGrant>(await auth.register(registerRequest.parse(body)), 'register_ok'),
      { rateLimited: true },
    )

    routes.open(
      '/user/login',
      async ({ body, ip }) =>
        ok<SessionGrant>(await auth.login(loginRequest.parse(body), ip), 'login_ok'),
      { rateLimited: true },
    )

    routes.authed('/user/logout', async ({ user }) => {
      await auth.logout(user)
      return ok(null)
    })

    routes.authed('/user/getUserinfo', async ({ body, user }) => {
      const { type } = userinfoRequest.parse(body)
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

    routes.authed('/user/loginPassword', async ({ body, user }) => {
      await auth.changePassword(user, loginPasswordRequest.parse(body))
      return ok(null, 'modify_ok')
    })
  }
}
