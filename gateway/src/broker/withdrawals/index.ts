import type { VueArea } from '../common/vue-area'
import type { ReviewQueue } from '../common/review-queue'
import { withdrawQueue } from './queue'
import { withdrawalRoutes } from './routes'
import { createWithdrawalService, type WithdrawalDeps, type WithdrawalService } from './service'

/**
 * The withdrawal area: its /api/vue calls, its back-office review queue, and its service (whose
 * refusal table the trust panel publishes).
 */
export function createWithdrawals(deps: WithdrawalDeps): {
  service: WithdrawalService
  area: VueArea
  queue: ReviewQueue
} {
  const service = createWithdrawalService(deps)
  return { service, area: withdrawalRoutes(service), queue: withdrawQueue(deps) }
}
