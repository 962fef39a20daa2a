import type { VueArea } from '../../http/vue-router'
import type { ReviewQueue } from '../../ops/reviews'
import type { Ledger } from '../ledger/index'
import { depositQueue } from './queue'
import { depositRoutes } from './routes'
import { createDepositService, type DepositDeps } from './service'

export type { IdentityChecks } from './identity-checks'

/** The deposit area: its /api/vue calls and its back-office review queue. */
export function createDeposits(deps: DepositDeps & { ledger: Ledger }): {
  area: VueArea
  queue: ReviewQueue
} {
  const service = createDepositService(deps)
  return {
    area: depositRoutes(service),
    queue: depositQueue({ ...deps, deposits: service }),
  }
}
