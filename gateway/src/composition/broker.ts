import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import { commonRoutes } from '../broker/app-info/routes'
import { createCommonService } from '../broker/app-info/service'
import { ledgerBalances, type BalanceReader } from '../broker/auth/balances'
import { authRoutes } from '../broker/auth/routes'
import { createBlock } from '../broker/block/index'
import { createDaytrade } from '../broker/daytrade/index'
import { createAuthService, type LiveSockets } from '../broker/auth/service'
import type { SessionCache } from '../broker/auth/session-cache'
import { createPasswordHasher } from '../passwords'
import { createReviewQueues } from '../broker/common/review-queue'
import type { UserEvents } from '../broker/common/user-events'
import type { BrokerArea } from '../broker/index'
import { createLedger } from '../broker/ledger/index'
import { ledgerRoutes } from '../broker/ledger/routes'
import { createIpo } from '../broker/ipo/index'
import { createLoans } from '../broker/loans/index'
import { createFollow } from '../broker/follow/index'
import { opsMessagesRoutes } from '../broker/messages/ops'
import { messagesRoutes } from '../broker/messages/routes'
import { createMessages } from '../broker/messages/service'
import { createReviewDesk } from '../broker/reviews/index'
import { createSupport } from '../broker/support/index'
import { createTrading } from '../broker/trading/index'
import { createTrust, selfFrozen } from '../broker/trust/index'
import * as orderRules from '../broker/trading/order-rules'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { MarketService } from '../market/index'
import { createNewsFeed } from '../news/feed'
import { opsNewsRoutes } from '../news/ops.routes'
import { newsRoutes } from '../news/routes'
import { createNewsService } from '../news/service'
import type { Database } from '../store/index'
import { createFunds } from './funds'
import { createIdentity } from './identity'
import { identityChecks } from './identity-checks'
import { buildSecondFactor } from './second-factor'

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
  /** Where the matcher and the auto review report what failed. */
  logger: Logger
  /** Live sessions kept between calls, on PostgreSQL (see SessionCache). */
  sessions?: SessionCache
  /** Closes the `/user` sockets of sessions that end (logout, new password). */
  liveSockets?: LiveSockets
  /** Told of each ledger transaction written, by kind (the metrics). */
  ledgerPosted?: (kind: string) => void
}

/**
 * The broker's areas, built from their dependencies and wired to each other here, and only here:
 * an area never imports another (eslint.config.js), it receives what it needs. Each area exports
 * a `BrokerArea` (its /api/vue calls, its back-office routes, the jobs only the leader runs) that
 * app.ts and the leader iterate; a new area is one more entry in `areas`.
 */
export function createBroker(deps: BrokerDeps) {
  const { db, clock, config } = deps
  const passwords = createPasswordHasher(config.argon2)
  const ledger = createLedger({ clock, posted: deps.ledgerPosted })
  // Passkeys and TOTP; a passkey login opens its session through `auth`, built below.
  const secondFactor = buildSecondFactor({
    db,
    clock,
    config,
    startSession: (userId) => auth.startSession(userId),
  })
  const checks = identityChecks(clock, secondFactor.verifySecondFactor)
  // Areas with requests to review register their queue here; the review desk decides them.
  const reviews = createReviewQueues()
  const messages = createMessages({ db, clock, userEvents: deps.userEvents })
  const reviewDesk = createReviewDesk({
    db,
    clock,
    queues: reviews,
    messages,
    userEvents: deps.userEvents,
    policy: config.reviewPolicy,
    autoDelayMs: config.autoReviewDelayMs,
    logger: deps.logger.child({ part: 'reviews' }),
  })
  // Credit loans (registers the loan queue).
  const loans = createLoans({
    db,
    clock,
    settings: config.loans,
    ledger,
    reviews,
    checks,
    selfFrozen,
  })
  const auth = createAuthService({
    db,
    clock,
    passwords,
    balances: deps.balances ?? ledgerBalances(ledger, db),
    identityStatus: checks.identityStatus,
    // getUserinfo's credit_score is the same published figure the loan screen shows.
    creditScore: (userId, market) => loans.creditScore(userId, CURRENCY_OF_MARKET[market]),
    sessions: deps.sessions,
    liveSockets: deps.liveSockets,
  })
  const common = createCommonService({ db, config, quotesSimulated: deps.quotesSimulated })
  // Uploads, identity verification, fund password and bank cards (registers the kyc queue).
  const identity = createIdentity({
    db,
    clock,
    config,
    passwords,
    authenticate: auth.authenticate,
    reviews,
    checks,
  })
  // Deposits, withdrawals (registers their queues) and currency exchange. Which of their commands
  // the user's self-freeze holds is the table of shared/src/api/freeze-covers.ts.
  const funds = createFunds({ db, clock, config, ledger, reviews, identity: checks, selfFrozen })
  // Stock orders, holdings, the watchlist and the matcher of resting limit orders.
  const trading = createTrading({
    db,
    clock,
    ledger,
    market: deps.market,
    settings: config.trading,
    marketHours: config.marketHours,
    userEvents: deps.userEvents,
    verifyFundPassword: checks.verifyFundPassword,
    identityStatus: checks.identityStatus,
    // The user's own freeze of trading (the trust panel) refuses their orders.
    selfFrozen,
    onError: (error) => deps.logger.error({ err: error }, 'matcher pass failed'),
    // Stock credit (registers the credit queue).
    reviews,
    messages,
    onCreditError: (error) => deps.logger.error({ err: error }, 'credit job pass failed'),
  })
  // Block trades (立会外分売; registers the block queue; its ops router goes on /api/ops).
  const block = createBlock({
    db,
    clock,
    ledger,
    market: deps.market,
    seed: config.seed,
    windows: config.block.windows,
    reviews,
    checks,
    selfFrozen,
  })
  // New shares: offers, applications, the verifiable draw and its job (started by the app).
  const ipo = createIpo({
    db,
    clock,
    settings: config.ipo,
    ledger,
    market: deps.market,
    userEvents: deps.userEvents,
    messages,
    checks,
    selfFrozen,
    simulatorSeed: config.demo ? config.seed : null,
    onError: (error) => deps.logger.error({ err: error }, 'ipo job pass failed'),
  })
  // Day trading (registers the daytrade queue; its job closes and settles at the close).
  const daytrade = createDaytrade({
    db,
    clock,
    ledger,
    market: deps.market,
    settings: config.trading,
    marketHours: config.marketHours,
    rules: orderRules,
    reviews,
    userEvents: deps.userEvents,
    checks,
    selfFrozen,
    jobMs: config.daytrade.jobMs,
    onError: (error) => deps.logger.error({ err: error }, 'daytrade job pass failed'),
  })
  // Follow products: buys, the user's end, and the job paying each day and returning at the deadline.
  const products = createFollow({
    db,
    clock,
    ledger,
    checks,
    selfFrozen,
    demo: config.demo,
    userEvents: deps.userEvents,
    jobMs: config.products.jobMs,
    onError: (error) => deps.logger.error({ err: error }, 'products job pass failed'),
  })
  // Customer service: the users' threads with the back office (its ops router goes on /api/ops).
  const support = createSupport({ db, clock, userEvents: deps.userEvents, checks })
  // The trust panel: its figures, the ledger export, and the self-freeze the areas above enforce;
  // the refusal rules it lists are the withdrawal area's own table.
  const trust = createTrust({
    db,
    clock,
    settings: config.trust,
    verifyFundPassword: checks.verifyFundPassword,
    verifySecondFactor: checks.verifySecondFactor,
    withdrawRefusalRules: (currency) => funds.withdrawals.refusalRules(currency),
  })
  // News from the market's moves: its reads, the back office's articles and the feed's job.
  const newsFeed = createNewsFeed({
    db,
    clock,
    market: deps.market,
    logger: deps.logger.child({ part: 'news' }),
  })
  const areas: BrokerArea[] = [
    { name: 'app-info', routes: commonRoutes(common) },
    { name: 'auth', routes: authRoutes(auth) },
    secondFactor.area,
    { name: 'ledger', routes: ledgerRoutes({ db }) },
    {
      name: 'messages',
      routes: messagesRoutes(messages),
      opsRoutes: opsMessagesRoutes({ db, clock, messages, userEvents: deps.userEvents }),
    },
    ...identity.areas,
    ...funds.areas,
    trading.area,
    loans.area,
    ipo.area,
    block.area,
    products.area,
    daytrade.area,
    support.area,
    trust.area,
    // Started after the areas' jobs (the auto review decides what they queued), stopped before.
    { name: 'reviews', jobs: [reviewDesk] },
    {
      name: 'news',
      routes: newsRoutes(createNewsService({ db })),
      opsRoutes: opsNewsRoutes({ db, clock }),
      jobs: [newsFeed],
    },
  ]
  return {
    passwords,
    auth,
    common,
    ledger,
    reviews,
    reviewDesk,
    messages,
    identity,
    funds,
    trading,
    loans,
    ipo,
    block,
    products,
    daytrade,
    support,
    trust,
    secondFactor,
    areas,
  }
}

export type Broker = ReturnType<typeof createBroker>
