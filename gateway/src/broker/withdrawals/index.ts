import type { BrokerArea } from '../common/broker-area'
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
  area: BrokerArea
  queue: ReviewQueue
} {
  const service = createWithdrawalService(deps)
  return {
    service,
    area: { name: 'withdrawals', routes: withdrawalRoutes(service) },
    queue: withdrawQueue(deps),
  }
}
