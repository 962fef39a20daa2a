import type { Router } from 'express'
import type { Kysely } from 'kysely'
import type { Decide, ReviewQueues } from '../broker/index'
import type { AdjustableClock } from '../clock'
import type { Config } from '../config'
import type { PasswordHasher } from '../passwords'
import type { UserHub } from '../realtime/user.hub'
import type { Database } from '../store/index'
import { clockRoutes } from './clock.routes'
import { createOperatorAccounts } from './operators/accounts'
import { seedDemoOperators } from './operators/demo'
import { operatorFactorRoutes } from './operators/factor-routes'
import { createOperatorFactors } from './operators/factors'
import { loginLimiter } from './operators/login-limiter'
import { operatorLoginRouter, operatorRoutes } from './operators/routes'
import { opsRouter } from './routes'
import { createUserActions } from './users'

export { inactiveStatus } from './users'

/** An operator's session lasts a working day; the console logs in again after it. */
const OPERATOR_SESSION_MS = 12 * 3_600_000

export interface OpsDeps {
  db: Kysely<Database>
  clock: AdjustableClock
  /** Plays the market up to the clock after time travel moved it (MarketService.catchUp). */
  followClock: () => void
  config: Config
  /** The broker's review desk: its queues to list, and the one way a request is decided. */
  reviews: { queues: ReviewQueues; decide: Decide }
  /** The argon2id hasher operators' passwords share with customers'. */
  passwords: PasswordHasher
  userHub: UserHub
  /** Drops a user's kept sessions when an operator changes the account (see SessionCache). */
  forgetSessions?: (userId: bigint) => void
  ledgerCheck: (db: Kysely<Database>) => Promise<{ ok: boolean; violations: string[] }>
  /** The areas' own back-office routes (every `BrokerArea`'s `opsRoutes`). */
  extraRoutes?: Router[]
}

/**
 * The back office's /api/ops router: reviews, users, operators, audit, ledger check, clock; the
 * areas' own back-office routes (offers, messages, uploads, news, ...) come as `extraRoutes`.
 */
export function createOps(deps: OpsDeps) {
  const { db, clock, config, reviews, userHub } = deps
  const factors = createOperatorFactors({
    db,
    clock,
    settings: config.webauthn,
    required: config.opsRequireSecondFactor,
    checkPassword: (id, password) => operators.checkPassword(id, password),
  })
  const operators = createOperatorAccounts({
    db,
    clock,
    passwords: deps.passwords,
    sessionTtlMs: OPERATOR_SESSION_MS,
    secondFactor: factors.atLogin,
  })
  // One count of wrong passwords per person: at the login and when they change their factors.
  const limiter = loginLimiter(db)
  const sessions = { timeTravel: config.timeTravel, requireFactor: config.opsRequireSecondFactor }
  const act = createUserActions({
    db,
    clock,
    userEvents: userHub,
    forgetSessions: deps.forgetSessions,
  })
  const router = opsRouter({
    opsToken: config.opsToken,
    authenticate: (token) => operators.authenticate(token),
    open: [operatorLoginRouter(operators, sessions, limiter)],
    requireSecondFactor: config.opsRequireSecondFactor,
    db,
    queues: reviews.queues,
    decide: reviews.decide,
    act,
    ledgerCheck: deps.ledgerCheck,
    extra: [
      operatorRoutes(db, operators, sessions),
      operatorFactorRoutes(factors, limiter),
      clockRoutes(db, clock, config.timeTravel, deps.followClock),
      ...(deps.extraRoutes ?? []),
    ],
  })
  return {
    router,
    operators,
    /** Demo mode: the `admin` and `reviewer` of the start banner. */
    seedDemoOperators: () => seedDemoOperators(db, operators, config.demoOperators),
  }
}

export type Ops = ReturnType<typeof createOps>
