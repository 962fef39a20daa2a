import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import { commonRoutes } from '../broker/app-info/routes'
import { createCommonService } from '../broker/app-info/service'
import { ledgerBalances } from '../broker/auth/balances'
import { authRoutes } from '../broker/auth/routes'
import { createAccounts } from '../broker/accounts/index'
import { createAuthService } from '../broker/auth/service'
import { LOGIN_WINDOW_MS } from '../broker/auth/login-throttle'
import { periodicJob } from '../broker/common/periodic-job'
import { createPasswordHasher } from '../passwords'
import { createReviewQueues } from '../broker/common/review-queue'
import type { BrokerArea } from '../broker/index'
import { createLedger } from '../broker/ledger/index'
import { ledgerRoutes } from '../broker/ledger/routes'
import { createLoans } from '../broker/loans/index'
import { opsMessagesRoutes } from '../broker/messages/ops'
import { messagesRoutes } from '../broker/messages/routes'
import { createMessages } from '../broker/messages/service'
import { createNotifications } from '../broker/notifications/index'
import { createReviewDesk } from '../broker/reviews/index'
import { createSupport } from '../broker/support/index'
import { createTax } from '../broker/tax/index'
import { createTrust, selfFrozen } from '../broker/trust/index'
import { createNewsFeed } from '../news/feed'
import { opsNewsRoutes } from '../news/ops.routes'
import { newsRoutes } from '../news/routes'
import { createNewsService } from '../news/service'
import { createHolders } from './holders'
import { createFunds } from './funds'
import { createIdentity } from './identity'
import { createMarketLines } from './market-lines'
import { identityChecks } from './identity-checks'
import { buildSecondFactor } from './second-factor'
import type { BrokerDeps } from './broker-deps'

export type { BrokerDeps }

/**
 * The broker's areas, built from their dependencies and wired to each other here, and only here:
 * an area never imports another (eslint.config.js), it receives what it needs. Each area exports
 * a `BrokerArea` (its /api/vue calls, its back-office routes, the jobs only the leader runs) that
 * app.ts and the leader iterate; a new area is one more entry in `areas`.
 */
export function createBroker(deps: BrokerDeps) {
  // A job's failed pass is logged and the job goes on at its next period.
  const logFailure = (what: string) => (error: unknown) => deps.logger.error({ err: error }, what)
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
  // Every area's events go through notifications, which tells the user of the notifiable ones by
  // their settings (a record, a push) and hands every event on to the `/user` hub.
  const notifications = createNotifications({
    db,
    clock,
    settings: config.notify,
    hub: deps.userEvents,
    logger: deps.logger.child({ part: 'notifications' }),
    pushExtraCa: deps.pushExtraCa,
  })
  const userEvents = notifications.userEvents
  // Areas with requests to review register their queue here; the review desk decides them.
  const reviews = createReviewQueues()
  const messages = createMessages({ db, clock, userEvents })
  const reviewDesk = createReviewDesk({
    db,
    clock,
    queues: reviews,
    messages,
    userEvents,
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
  const common = createCommonService({
    db,
    config,
    quotesSimulated: deps.quotesSimulated,
    vapidPublicKey: notifications.vapidPublicKey,
  })
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
  // The taxable account's books: each sale's and dividend's tax, the summary and annual report.
  const tax = createTax({ db, ledger, fx: funds.fx })
  // The taxable kind and the NISA account, whose growth frame trading's NISA orders move.
  const accounts = createAccounts({
    db,
    clock,
    verifyFundPassword: checks.verifyFundPassword,
    identityStatus: checks.identityStatus,
  })
  // The product lines that trade on the market's quotes (registers the credit, block and daytrade
  // queues, in that order).
  const { trading, alerts, block, ipo, daytrade, products } = createMarketLines({
    ...deps,
    userEvents,
    ledger,
    reviews,
    messages,
    checks,
    selfFrozen,
    tax: tax.book,
    nisa: accounts.nisaBook,
    logFailure,
  })
  // Customer service: the users' threads with the back office (its ops router goes on /api/ops).
  const support = createSupport({ db, clock, userEvents, checks })
  // The trust panel: its figures, the ledger export, and the self-freeze the areas above enforce;
  // the refusal rules it lists are the withdrawal area's own table.
  const trust = createTrust({
    db,
    clock,
    settings: config.trust,
    verifyFundPassword: checks.verifyFundPassword,
    verifySecondFactor: checks.verifySecondFactor,
    withdrawRefusalRules: (currency) => funds.withdrawals.refusalRules(currency),
    forgetSessions: (userId) => deps.sessions?.forgetUser(userId),
  })
  // What holders own: corporate actions reaching them, and their net assets at market.
  const { actions, assets } = createHolders({
    ...deps,
    userEvents,
    ledger,
    splitOrders: trading.splitOrders,
    tax: tax.book,
    nisa: accounts.nisaBook,
    fxRate: (from, to) => funds.fx.quote(from, to).rate,
    logFailure,
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
    {
      name: 'auth',
      routes: authRoutes(auth),
      jobs: [
        periodicJob(() => auth.pruneLoginFailures().then(() => undefined), {
          everyMs: LOGIN_WINDOW_MS,
          onError: logFailure('login failures prune failed'),
        }),
      ],
    },
    secondFactor.area,
    { name: 'ledger', routes: ledgerRoutes({ db }) },
    {
      name: 'messages',
      routes: messagesRoutes(messages),
      opsRoutes: opsMessagesRoutes({ db, clock, messages, userEvents }),
    },
    ...identity.areas,
    ...funds.areas,
    trading.area,
    alerts.area,
    accounts.area,
    loans.area,
    ipo.area,
    block.area,
    products.area,
    daytrade.area,
    support.area,
    notifications.area,
    trust.area,
    assets.area,
    actions.area,
    tax.area,
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
    alerts,
    accounts,
    actions,
    loans,
    ipo,
    block,
    products,
    daytrade,
    support,
    trust,
    assets,
    tax,
    secondFactor,
    notifications,
    areas,
  }
}

export type Broker = ReturnType<typeof createBroker>
