import type { BrokerArea } from '../common/broker-area'
import { exchangeRoutes } from './routes'
import { createExchangeService, type ExchangeDeps } from './service'

/** The exchange area: its /api/vue calls (the rate source itself lives in market/fx.ts). */
export function createExchange(deps: ExchangeDeps): { area: BrokerArea } {
  return { area: { name: 'fx', routes: exchangeRoutes(createExchangeService(deps)) } }
}
