import { ok } from '@kabu/shared/api/envelope'
import { exchangeRequest } from '@kabu/shared/api/funds'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { ExchangeService } from './service'

/** `/user/exchangeRates` and `/user/exchange`. */
export function exchangeRoutes(fx: ExchangeService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/exchangeRates', noForm, async () => ok(fx.rates()))

    routes.authed('/user/exchange', exchangeRequest, async ({ input: form, user }) => {
      return ok(await fx.exchange(user, form), 'exchange_ok')
    })
  }
}
