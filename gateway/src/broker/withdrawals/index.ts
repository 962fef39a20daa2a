import type { VueArea } from '../../http/vue-router'
import type { ReviewQueue } from '../../ops/reviews'
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
