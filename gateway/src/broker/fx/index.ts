import type { BrokerArea } from '../common/broker-area'
import { fxRoutes } from './routes'
import { createFxService, type FxDeps } from './service'

/** The exchange area: its /api/vue calls (the rate source itself lives in market/fx.ts). */
export function createFx(deps: FxDeps): { area: BrokerArea } {
  return { area: { name: 'fx', routes: fxRoutes(createFxService(deps)) } }
}
