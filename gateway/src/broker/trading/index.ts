import type { VueArea } from '../common/vue-area'
import { createMatcher, type MatcherDeps } from './matcher'
import { tradingRoutes } from './routes'
import { createTradingService, type TradingDeps as ServiceDeps } from './service'
import { createWatchlist } from './watchlist'

export type TradingDeps = MatcherDeps & ServiceDeps

/**
 * The trading area: orders, holdings and the watchlist on /api/vue, and the matcher that fills
 * resting limit orders from the quote stream (started and stopped with the app).
 */
export function createTrading(deps: TradingDeps) {
  const service = createTradingService(deps)
  const matcher = createMatcher(deps)
  const watchlist = createWatchlist(deps)
  const area: VueArea = tradingRoutes({ db: deps.db, market: deps.market, service, watchlist })
  return { service, matcher, watchlist, area }
}

export type Trading = ReturnType<typeof createTrading>
