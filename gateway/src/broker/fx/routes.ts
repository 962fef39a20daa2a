import { ok } from '@kabu/shared/api/envelope'
import { exchangeRequest } from '@kabu/shared/api/funds'
import type { VueArea } from '../common/vue-area'
import type { FxService } from './service'

/** `/user/exchangeRates` and `/user/exchange`. */
export function fxRoutes(fx: FxService): VueArea {
  return (routes) => {
    routes.authed('/user/exchangeRates', async () => ok(fx.rates()))

    routes.authed('/user/exchange', async ({ body, user }) => {
      const form = exchangeRequest.parse(body)
      return ok(await fx.exchange(user.userId, form), 'exchange_ok')
    })
  }
}
