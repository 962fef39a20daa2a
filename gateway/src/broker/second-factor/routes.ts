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
import type { VueArea } from '../common/vue-area'
import type { SecondFactorService } from './service'

/**
 * `/user/secondFactors`, `/user/passkey*` and `/user/totp*` (docs/ARCHITECTURE.md lists them with
 * their fields). Options calls answer the WebAuthn options JSON that @simplewebauthn/browser takes.
 */
export function secondFactorRoutes(factors: SecondFactorService): VueArea {
  return (routes) => {
    routes.authed('/user/secondFactors', async ({ user }) =>
      ok<SecondFactors>(await factors.factors(user.userId)),
    )

    routes.authed('/user/passkeyRegisterOptions', async ({ user, site }) =>
      ok(await factors.registrationOptions(user, site)),
    )
    routes.authed('/user/passkeyRegister', async ({ body, user, site }) =>
      ok(await factors.register(user, passkeyRegisterRequest.parse(body), site), 'add_ok'),
    )
    routes.authed('/user/passkeyDel', async ({ body, user, site }) => {
      await factors.removePasskey(user, passkeyDelRequest.parse(body), site)
      return ok(null, 'delete_ok')
    })
    routes.authed('/user/passkeyConfirmOptions', async ({ user, site }) =>
      ok(await factors.confirmOptions(user, site)),
    )

    routes.open(
      '/user/passkeyLoginOptions',
      async ({ site }) => ok(await factors.loginOptions(site)),
      {
        rateLimited: true,
      },
    )
    routes.open(
      '/user/passkeyLogin',
      async ({ body, site }) =>
        ok<SessionGrant>(await factors.login(passkeyLoginRequest.parse(body), site), 'login_ok'),
      { rateLimited: true },
    )

    routes.authed('/user/totpSetup', async ({ user }) =>
      ok<TotpSetup>(await factors.totpSetup(user)),
    )
    routes.authed('/user/totpEnable', async ({ body, user, site }) => {
      await factors.totpEnable(user, totpEnableRequest.parse(body), site)
      return ok(null, 'modify_ok')
    })
    routes.authed('/user/totpDisable', async ({ body, user, site }) => {
      await factors.totpDisable(user, totpDisableRequest.parse(body), site)
      return ok(null, 'modify_ok')
    })
  }
}
