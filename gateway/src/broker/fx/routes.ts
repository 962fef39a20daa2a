import { ok } from '@kabu/shared/api/envelope'
import { exchangeRequest } from '@kabu/shared/api/funds'
import { noForm, type VueArea } from '../common/vue-area'
import type { FxService } from './service'

/** `/user/exchangeRates` and `/user/exchange`. */
export function fxRoutes(fx: FxService): VueArea {
  return (routes) => {
    routes.authed('/user/exchangeRates', noForm, async () => ok(fx.rates()))

    routes.authed('/user/exchange', exchangeRequest, async ({ input: form, user }) => {
      return ok(await fx.exchange(user.userId, form), 'exchange_ok')
    })
  }
}
