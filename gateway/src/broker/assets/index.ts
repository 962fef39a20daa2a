import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { BrokerArea } from '../common/broker-area'
import type { Ledger } from '../ledger/index'
import { createCloseJob } from './jobs'
import { assetsRoutes } from './routes'
import { createAssetsService } from './service'
import { marketPrices } from './valuation'

export interface AssetsAreaDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'snapshot'>
  loanRateDaily: string
  /** The FX source's mid rate, as `/user/exchangeRates` publishes it. */
  rate: (from: Currency, to: Currency) => string
  jobMs: number
  onError: (error: unknown) => void
}

/**
 * Valuation (issue 36): net assets at market, the day's change and the history of closes, whose
 * job only the leader runs.
 */
export function createAssets(deps: AssetsAreaDeps) {
  const prices = marketPrices(deps.market)
  const service = createAssetsService({ ...deps, prices })
  const closeJob = createCloseJob({ ...deps, prices, everyMs: deps.jobMs })
  return {
    service,
    closeJob,
    area: { name: 'assets', routes: assetsRoutes(service), jobs: [closeJob] } satisfies BrokerArea,
  }
}
