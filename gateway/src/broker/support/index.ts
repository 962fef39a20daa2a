import { supportOpsRouter } from './ops'
import { supportRoutes } from './routes'
import { createSupportService, type SupportDeps } from './service'
import type { BrokerArea } from '../common/broker-area'

/**
 * The customer-service area: its /api/vue calls and the router the composition root hands to the
 * back office (behind the operator token).
 */
export function createSupport(deps: SupportDeps) {
  const service = createSupportService(deps)
  const area: BrokerArea = {
    name: 'support',
    routes: supportRoutes(service),
    opsRoutes: supportOpsRouter(service),
  }
  return { service, area }
}

export type Support = ReturnType<typeof createSupport>
