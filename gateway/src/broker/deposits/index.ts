import type { BrokerArea } from '../common/broker-area'
import type { ReviewQueue } from '../common/review-queue'
import type { Ledger } from '../ledger/index'
import { depositQueue } from './queue'
import { depositRoutes } from './routes'
import { createDepositService, type DepositDeps, type DepositService } from './service'

export type { IdentityChecks } from '../common/identity-checks'

/** The deposit area: its /api/vue calls and its back-office review queue. */
export function createDeposits(deps: DepositDeps & { ledger: Ledger }): {
  area: BrokerArea
  queue: ReviewQueue
  service: DepositService
} {
  const service = createDepositService(deps)
  return {
    area: { name: 'deposits', routes: depositRoutes(service) },
    queue: depositQueue({ ...deps, deposits: service }),
    service,
  }
}
