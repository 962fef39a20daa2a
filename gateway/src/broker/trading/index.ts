import type { Messages } from '../common/messages'
import type { ReviewRegistry } from '../common/review-queue'
import type { BrokerArea } from '../common/broker-area'
import { createCreditService } from './credit'
import { createCreditJobs } from './credit-jobs'
import { creditQueue } from './credit-queue'
import { createMatcher, type MatcherDeps } from './matcher'
import { createAmend } from './order-amend'
import { createOrderBook } from './order-book'
import { createOrderLapse } from './order-lapse'
import { createSplitOrders } from './order-split'
import { tradingRoutes } from './routes'
import { createTradingService, type TradingDeps as ServiceDeps } from './service'
import { wantedCodes } from './wanted-codes'
import { createWatchlist } from './watchlist'

export type TradingDeps = MatcherDeps &
  ServiceDeps & {
    /** Registers the `credit` queue (trust funds). */
    reviews: ReviewRegistry
    /** Margin calls and liquidations reach the user's inbox. */
    messages: Messages
    onCreditError: (error: unknown) => void
  }

/**
 * The trading area: orders (cash and credit; the `orders` table, their list and cancel), holdings
 * and the watchlist on /api/vue; the matcher that fills working limit orders from the quote stream;
 * the orders job that lapses them when their validity ends; stock credit's trust funds (review
 * kind `credit`) and its job of interest, margin calls and liquidations (all started by the leader).
 */
export function createTrading(deps: TradingDeps) {
  const service = createTradingService(deps)
  const matcher = createMatcher(deps)
  const orders = { ...createOrderBook(deps), amend: createAmend(deps) }
  const orderLapse = createOrderLapse({
    ...deps,
    everyMs: deps.settings.orderJobMs,
    onError: deps.onError,
  })
  const watchlist = createWatchlist(deps)
  // A split's resting orders, for the corporate-actions area (the SplitOrders port).
  const splitOrders = createSplitOrders(deps)
  const credit = createCreditService(deps)
  deps.reviews.register(creditQueue(deps))
  const creditJobs = createCreditJobs({
    ...deps,
    everyMs: deps.settings.creditJobMs,
    onError: deps.onCreditError,
  })
  const routes = tradingRoutes({
    db: deps.db,
    market: deps.market,
    service,
    orders,
    watchlist,
    credit,
  })
  const area: BrokerArea = { name: 'trading', routes, jobs: [matcher, orderLapse, creditJobs] }
  return {
    service,
    orders,
    matcher,
    orderLapse,
    watchlist,
    credit,
    creditJobs,
    splitOrders,
    area,
    /** The codes working orders and holdings need priced (what the streaming feeds carry). */
    wantedCodes: () => wantedCodes(deps.db),
  }
}

export type Trading = ReturnType<typeof createTrading>
