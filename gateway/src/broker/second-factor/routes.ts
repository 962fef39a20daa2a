import { ok } from '@kabu/shared/api/envelope'
import {
  passkeyDelRequest,
  passkeyLoginRequest,
  passkeyRegisterRequest,
  totpDisableRequest,
  totpEnableRequest,
  type SecondFactors,
  type TotpSetup,
} from '@kabu/shared/api/second-factor'
import type { SessionGrant } from '@kabu/shared/api/user'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { SecondFactorService } from './service'

/**
 * `/user/secondFactors`, `/user/passkey*` and `/user/totp*` (docs/ARCHITECTURE.md lists them with
 * their fields). Options calls answer the WebAuthn options JSON that @simplewebauthn/browser takes.
 */
export function secondFactorRoutes(factors: SecondFactorService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/secondFactors', noForm, async ({ user }) =>
      ok<SecondFactors>(await factors.factors(user.userId)),
    )

    routes.authed('/user/passkeyRegisterOptions', noForm, async ({ user, site }) =>
      ok(await factors.registrationOptions(user, site)),
    )
    routes.authed('/user/passkeyRegister', passkeyRegisterRequest, async ({ input, user, site }) =>
      ok(await factors.register(user, input, site), 'add_ok'),
    )
    routes.authed('/user/passkeyDel', passkeyDelRequest, async ({ input, user, site }) => {
      await factors.removePasskey(user, input, site)
      return ok(null, 'delete_ok')
    })
    routes.authed('/user/passkeyConfirmOptions', noForm, async ({ user, site }) =>
      ok(await factors.confirmOptions(user, site)),
    )

    routes.open(
      '/user/passkeyLoginOptions',
      noForm,
      async ({ site }) => ok(await factors.loginOptions(site)),
      { rateLimited: true },
    )
    routes.open(
      '/user/passkeyLogin',
      passkeyLoginRequest,
      async ({ input, site }) => ok<SessionGrant>(await factors.login(input, site), 'login_ok'),
      { rateLimited: true },
    )

    routes.authed('/user/totpSetup', noForm, async ({ user }) =>
      ok<TotpSetup>(await factors.totpSetup(user)),
    )
    routes.authed('/user/totpEnable', totpEnableRequest, async ({ input, user, site }) => {
      await factors.totpEnable(user, input, site)
      return ok(null, 'modify_ok')
    })
    routes.authed('/user/totpDisable', totpDisableRequest, async ({ input, user, site }) => {
      await factors.totpDisable(user, input, site)
      return ok(null, 'modify_ok')
    })
  }
}
