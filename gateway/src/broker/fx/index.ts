import type { VueArea } from '../common/vue-area'
import { fxRoutes } from './routes'
import { createFxService, type FxDeps } from './service'

/** The exchange area: its /api/vue calls (the rate source itself lives in market/fx.ts). */
export function createFx(deps: FxDeps): { area: VueArea } {
  return { area: fxRoutes(createFxService(deps)) }
}
