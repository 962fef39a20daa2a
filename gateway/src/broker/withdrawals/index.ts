import type { VueArea } from '../common/vue-area'
import type { ReviewQueue } from '../common/review-queue'
import { withdrawQueue } from './queue'
import { withdrawalRoutes } from './routes'
import { createWithdrawalService, type WithdrawalDeps } from './service'

/** The withdrawal area: its /api/vue calls and its back-office review queue. */
export function createWithdrawals(deps: WithdrawalDeps): { area: VueArea; queue: ReviewQueue } {
  return {
    area: withdrawalRoutes(createWithdrawalService(deps)),
    queue: withdrawQueue(deps),
  }
}
