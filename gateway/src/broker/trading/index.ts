import type { Messages } from '../common/messages'
import type { ReviewRegistry } from '../common/review-queue'
import type { BrokerArea } from '../common/broker-area'
import { createCreditService } from './credit'
import { createCreditJobs } from './credit-jobs'
import { creditQueue } from './credit-queue'
import { createMatcher, type MatcherDeps } from './matcher'
import { tradingRoutes } from './routes'
import { createTradingService, type TradingDeps as ServiceDeps } from './service'
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
 * The trading area: orders (cash and credit), holdings and the watchlist on /api/vue; the matcher
 * that fills resting limit orders from the quote stream; stock credit's trust funds (review kind
 * `credit`) and its job of interest, margin calls and liquidations (both started with the app).
 */
export function createTrading(deps: TradingDeps) {
  const service = createTradingService(deps)
  const matcher = createMatcher(deps)
  const watchlist = createWatchlist(deps)
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
    watchlist,
    credit,
  })
  const area: BrokerArea = { name: 'trading', routes, jobs: [matcher, creditJobs] }
  return { service, matcher, watchlist, credit, creditJobs, area }
}

export type Trading = ReturnType<typeof createTrading>
