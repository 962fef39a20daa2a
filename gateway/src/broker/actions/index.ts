import { ok } from '@kabu/shared/api/envelope'
import { dividendsRequest, splitsRequest } from '@kabu/shared/api/actions'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import type { BrokerArea } from '../common/broker-area'
import type { BrokerCalls } from '../common/broker-calls'
import { createActionsJob, type ActionsJobDeps } from './jobs'
import { dividendsOf, splitsOf } from './lists'

/**
 * Corporate actions reaching holders (issue 36): the leader's job that applies splits to holdings
 * and resting orders and pays dividends, and the user's lists, `/user/dividends` and `/user/splits`.
 */
export function createActions(deps: ActionsJobDeps) {
  const job = createActionsJob(deps)
  const routes: BrokerCalls = (r) => {
    r.authed('/user/dividends', dividendsRequest, async ({ input, user }) =>
      ok(await dividendsOf(deps.db, user.userId, MARKET_OF_TYPE[input.type], input.year)),
    )
    r.authed('/user/splits', splitsRequest, async ({ input, user }) =>
      ok(await splitsOf(deps.db, user.userId, MARKET_OF_TYPE[input.type])),
    )
  }
  const area: BrokerArea = { name: 'actions', routes, jobs: [job] }
  return { job, area }
}
