import { supportOpsRouter } from './ops'
import { supportRoutes } from './routes'
import { createSupportService, type SupportDeps } from './service'

/**
 * The customer-service area: its /api/vue calls and the router the composition root hands to the
 * back office (behind the operator token).
 */
export function createSupport(deps: SupportDeps) {
  const service = createSupportService(deps)
  return { service, area: supportRoutes(service), opsRouter: supportOpsRouter(service) }
}

export type Support = ReturnType<typeof createSupport>
