import { createAlerts } from '../broker/alerts/index'
import { createBlock } from '../broker/block/index'
import type { IdentityChecks } from '../broker/common/identity-checks'
import type { Messages } from '../broker/common/messages'
import type { NisaBook } from '../broker/common/nisa-book'
import type { ReviewRegistry } from '../broker/common/review-queue'
import type { SelfFrozen } from '../broker/common/self-freeze'
import type { TaxBook } from '../broker/common/tax-book'
import { createDaytrade } from '../broker/daytrade/index'
import { createFollow } from '../broker/follow/index'
import { createIpo } from '../broker/ipo/index'
import type { Ledger } from '../broker/ledger/index'
import { createTrading } from '../broker/trading/index'
import * as orderRules from '../broker/trading/order-rules'
import type { BrokerDeps } from './broker-deps'

/**
 * The product lines that trade on the market's quotes, wired for createBroker in the order it
 * always built them (the review queues they register keep that order): stocks and stock credit,
 * price alerts, block trades, new shares, day trading and follow products.
 */
export function createMarketLines(
  deps: BrokerDeps & {
    ledger: Ledger
    reviews: ReviewRegistry
    messages: Messages
    checks: IdentityChecks
    selfFrozen: SelfFrozen
    tax: TaxBook
    nisa: NisaBook
    logFailure: (what: string) => (error: unknown) => void
  },
) {
  const { db, clock, config, ledger, market, reviews, messages, checks, selfFrozen } = deps
  const { userEvents, logFailure } = deps
  // Stock orders, holdings, the watchlist and the matcher of resting limit orders.
  const trading = createTrading({
    tax: deps.tax,
    db,
    clock,
    ledger,
    market,
    settings: config.trading,
    marketHours: config.marketHours,
    userEvents,
    verifyFundPassword: checks.verifyFundPassword,
    identityStatus: checks.identityStatus,
    // The user's own freeze of trading (the trust panel) refuses their orders.
    selfFrozen,
    nisa: deps.nisa,
    onError: logFailure('matcher pass failed'),
    // Stock credit (registers the credit queue).
    reviews,
    messages,
    onCreditError: (error) => deps.logger.error({ err: error }, 'credit job pass failed'),
  })
  // Price alerts: the user's list, and the leader's watcher of every batch of quotes.
  const alerts = createAlerts({
    db,
    clock,
    market,
    maxPerUser: config.alertsMax,
    // Through notifications, as every area's events: a fired alert is a record and a push too.
    userEvents,
    onError: logFailure('alert watcher pass failed'),
  })
  // Block trades (立会外分売; registers the block queue; its ops router goes on /api/ops).
  const block = createBlock({
    db,
    clock,
    ledger,
    market,
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
    market,
    userEvents,
    messages,
    checks,
    selfFrozen,
    simulatorSeed: config.demo ? config.seed : null,
    onError: logFailure('ipo job pass failed'),
  })
  // Day trading (registers the daytrade queue; its job closes and settles at the close).
  const daytrade = createDaytrade({
    db,
    clock,
    ledger,
    market,
    settings: config.trading,
    marketHours: config.marketHours,
    rules: orderRules,
    reviews,
    userEvents,
    checks,
    selfFrozen,
    jobMs: config.daytrade.jobMs,
    onError: logFailure('daytrade job pass failed'),
  })
  // Follow products: buys, the user's end, and the job paying each day and returning at the deadline.
  const products = createFollow({
    db,
    clock,
    ledger,
    checks,
    selfFrozen,
    demo: config.demo,
    userEvents,
    jobMs: config.products.jobMs,
    onError: logFailure('products job pass failed'),
  })
  return { trading, alerts, block, ipo, daytrade, products }
}
