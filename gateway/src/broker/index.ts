import type { Kysely } from 'kysely'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { VueArea } from '../http/vue-router'
import type { Database } from '../store/index'
import type { MarketService } from '../market/index'
import { createReviewQueues } from '../ops/reviews'
import type { UserEvents } from '../realtime/user.hub'
import { ledgerBalances, type BalanceReader } from './auth/balances'
import { createPasswordHasher } from './auth/passwords'
import { authRoutes } from './auth/routes'
import { createAuthService } from './auth/service'
import type { SessionCache } from './auth/session-cache'
import { commonRoutes } from './common/routes'
import { createCommonService } from './common/service'
import { createFunds } from './fx/funds'
import { createIdentity } from './kyc/index'
import { createLedger } from './ledger/index'
import { createLoans } from './loans/index'
import { ledgerRoutes } from './ledger/routes'
import { messagesRoutes } from './messages/routes'
import { createMessages } from './messages/service'
import { newsRoutes } from '../news/routes'
import { createNewsService } from '../news/service'
import { createTrading } from './trading/index'

export interface BrokerDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  quotesSimulated: () => boolean
  /** Overrides the ledger's wallet reader of getUserinfo (tests). */
  balances?: BalanceReader
  /** The `/user` socket hub: areas push a user's own events through it, after their commit. */
  userEvents: UserEvents
  /** Quotes for orders and holdings (trading). */
  market: MarketService
  /** Where the matcher reports a failed fill pass. */
  onError?: (error: unknown) => void
  /** Live sessions kept between calls, on PostgreSQL (see SessionCache). */
  sessions?: SessionCache
}

/**
 * The broker's areas, built from their dependencies. Each area exports a `VueArea` that registers
 * its calls on /api/vue; a new area is one more entry in `areas`.
 */
export function createBroker(deps: BrokerDeps) {
  const passwords = createPasswordHasher(deps.config.argon2)
  const ledger = createLedger({ clock: deps.clock })
  // Areas with requests to review register their queue here; the back office decides them.
  const reviews = createReviewQueues()
  const messages = createMessages({ db: deps.db, clock: deps.clock, userEvents: deps.userEvents })
  // Credit loans (registers the loan queue).
  const loans = createLoans({
    db: deps.db,
    clock: deps.clock,
    settings: deps.config.loans,
    ledger,
    reviews,
  })
  const auth = createAuthService({
    db: deps.db,
    clock: deps.clock,
    passwords,
    balances: deps.balances ?? ledgerBalances(ledger, deps.db),
    // getUserinfo's credit_score is the same published figure the loan screen shows.
    creditScore: (userId, market) => loans.creditScore(userId, CURRENCY_OF_MARKET[market]),
    sessions: deps.sessions,
  })
  const common = createCommonService({
    db: deps.db,
    config: deps.config,
    quotesSimulated: deps.quotesSimulated,
  })
  // Uploads, identity verification, fund password and bank cards (registers the kyc queue).
  const identity = createIdentity({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    passwords,
    authenticate: auth.authenticate,
    reviews,
  })
  // Deposits, withdrawals (registers their queues) and currency exchange.
  const funds = createFunds({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    ledger,
    reviews,
  })
  // Stock orders, holdings, the watchlist and the matcher of resting limit orders.
  const trading = createTrading({
    db: deps.db,
    clock: deps.clock,
    ledger,
    market: deps.market,
    settings: deps.config.trading,
    userEvents: deps.userEvents,
    onError: deps.onError ?? ((error) => console.error('matcher failed', error)),
  })
  const areas: VueArea[] = [
    commonRoutes(common),
    authRoutes(auth),
    ledgerRoutes({ db: deps.db }),
    messagesRoutes(messages),
    newsRoutes(createNewsService({ db: deps.db })),
    ...identity.areas,
    ...funds.areas,
    trading.area,
    loans.area,
  ]
  return {
    passwords,
    auth,
    common,
    ledger,
    reviews,
    messages,
    identity,
    funds,
    trading,
    loans,
    areas,
  }
}
