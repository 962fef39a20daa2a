import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import type { ReviewRegistry } from '../common/review-queue'
import type { UserEvents } from '../common/user-events'
import type { BrokerArea } from '../common/broker-area'
import type { Ledger } from '../ledger/index'
import { createForcedFlat } from './flat'
import { createDaytradeJobs } from './jobs'
import type { MarketRules } from './market-rules'
import { daytradeQueue } from './queue'
import { daytradeRoutes } from './routes'
import { createDaytradeService } from './service'

export interface DaytradeAreaDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  /** The stock fee rates: an intraday fill pays what a stock order pays. */
  settings: TradingSettings
  /** Where the trading day ends: the exchange's sessions (`real`) or the daily cut-off (`always`). */
  marketHours: 'real' | 'always'
  /** Stock trading's order rules (lot, tick grid, limits, sessions), which intraday orders obey. */
  rules: MarketRules
  reviews: ReviewRegistry
  userEvents: UserEvents
  checks: Pick<IdentityChecks, 'identityStatus'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
  /** Period of the job (start of trading, forced flat and settlement at the close). */
  jobMs: number
  onError: (error: unknown) => void
}

/**
 * The day-trading area: its /api/vue calls, its `daytrade` review queue registered, and the job
 * that closes and settles participations at the market's close (started and stopped with the app).
 */
export function createDaytrade(deps: DaytradeAreaDeps) {
  const { db, clock, ledger } = deps
  deps.reviews.register(daytradeQueue({ clock, ledger, marketHours: deps.marketHours }))
  const service = createDaytradeService(deps)
  const flattenDue = createForcedFlat(deps)
  const jobs = createDaytradeJobs({
    db,
    clock,
    flattenDue,
    userEvents: deps.userEvents,
    everyMs: deps.jobMs,
    onError: deps.onError,
  })
  const area: BrokerArea = { name: 'daytrade', routes: daytradeRoutes(service), jobs: [jobs] }
  return { service, flattenDue, jobs, area }
}

export type Daytrade = ReturnType<typeof createDaytrade>
