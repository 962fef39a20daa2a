import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { IpoSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import type { Messages } from '../common/messages'
import type { UserEvents } from '../common/user-events'
import type { BrokerArea } from '../common/broker-area'
import type { Ledger } from '../ledger/index'
import { createDraw } from './draw'
import { ipoMarketRouter, ipoOpsRouter } from './http'
import { createDebutJob, createIpoJobs } from './jobs'
import { ipoRoutes } from './routes'
import { createIpoService } from './service'
import { createWithdrawal } from './withdraw'

export interface IpoAreaDeps {
  db: Kysely<Database>
  clock: Clock
  settings: IpoSettings
  ledger: Ledger
  market: Pick<MarketService, 'snapshot' | 'addDebut'>
  userEvents: UserEvents
  /** The inbox: a withdrawal and a waiver by the deadline tell each user. */
  messages: Messages
  checks: Pick<IdentityChecks, 'identityStatus' | 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
  /** The simulator's listing pipeline: the market seed, or null for operator offers only. */
  simulatorSeed: number | null
  onError: (error: unknown) => void
}

/**
 * The new-shares area: its /api/vue calls, the back office's offer, draw and withdrawal routes, the public
 * draw record on /api/market, and the job that draws, waives and lists on the clock (started and
 * stopped with the app).
 */
export function createIpo(deps: IpoAreaDeps) {
  const { db, clock } = deps
  const service = createIpoService({
    db,
    clock,
    ledger: deps.ledger,
    market: deps.market,
    identityStatus: deps.checks.identityStatus,
    verifyFundPassword: deps.checks.verifyFundPassword,
    selfFrozen: deps.selfFrozen,
  })
  const draw = createDraw({
    db,
    clock,
    ledger: deps.ledger,
    settings: deps.settings,
    userEvents: deps.userEvents,
  })
  const withdrawal = createWithdrawal({
    db,
    clock,
    ledger: deps.ledger,
    messages: deps.messages,
    userEvents: deps.userEvents,
  })
  const jobs = createIpoJobs({
    db,
    clock,
    draw,
    messages: deps.messages,
    userEvents: deps.userEvents,
    market: deps.market,
    simulatorSeed: deps.simulatorSeed,
    everyMs: deps.settings.jobMs,
    onError: deps.onError,
  })
  const debuts = createDebutJob({
    db,
    clock,
    market: deps.market,
    everyMs: deps.settings.jobMs,
    onError: deps.onError,
  })
  const area: BrokerArea = {
    name: 'ipo',
    routes: ipoRoutes(service),
    opsRoutes: ipoOpsRouter({ db, clock, service, draw, withdrawal }),
    jobs: [jobs],
  }
  return {
    service,
    draw,
    withdrawal,
    jobs,
    /** Every gateway's: new shares listed on its market, whichever gateway leads. */
    debuts,
    area,
    marketRouter: ipoMarketRouter(db, clock),
  }
}

export type Ipo = ReturnType<typeof createIpo>
