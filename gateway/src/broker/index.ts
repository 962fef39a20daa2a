import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { VueArea } from '../http/vue-router'
import type { Database } from '../store/index'
import { balancesBeforeLedger, type BalanceReader } from './auth/balances'
import { createPasswordHasher } from './auth/passwords'
import { authRoutes } from './auth/routes'
import { createAuthService } from './auth/service'
import { commonRoutes } from './common/routes'
import { createCommonService } from './common/service'

export interface BrokerDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  quotesSimulated: () => boolean
  /** The ledger's reader once it exists (issue 3); until then every wallet is empty. */
  balances?: BalanceReader
}

/**
 * The broker's areas, built from their dependencies. Each area exports a `VueArea` that registers
 * its calls on /api/vue; a new area is one more entry in `areas`.
 */
export function createBroker(deps: BrokerDeps) {
  const passwords = createPasswordHasher(deps.config.argon2)
  const auth = createAuthService({
    db: deps.db,
    clock: deps.clock,
    passwords,
    balances: deps.balances ?? balancesBeforeLedger,
  })
  const common = createCommonService({
    db: deps.db,
    config: deps.config,
    quotesSimulated: deps.quotesSimulated,
  })
  const areas: VueArea[] = [commonRoutes(common), authRoutes(auth)]
  return { passwords, auth, common, areas }
}
