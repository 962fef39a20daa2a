import type { Router } from 'express'
import type { Kysely } from 'kysely'
import type { Decide, MessagesService, ReviewQueues } from '../broker/index'
import type { AdjustableClock } from '../clock'
import type { Config } from '../config'
import type { UserHub } from '../realtime/user.hub'
import type { Database } from '../store/index'
import { clockRoutes } from './clock.routes'
import { opsMessagesRoutes } from './messages.routes'
import { opsRouter } from './routes'
import { createUserActions } from './users'

export interface OpsDeps {
  db: Kysely<Database>
  clock: AdjustableClock
  config: Config
  /** The broker's review desk: its queues to list, and the one way a request is decided. */
  reviews: { queues: ReviewQueues; decide: Decide }
  messages: MessagesService
  userHub: UserHub
  /** Drops a user's kept sessions when an operator changes the account (see SessionCache). */
  forgetSessions?: (userId: bigint) => void
  ledgerCheck: (db: Kysely<Database>) => Promise<{ ok: boolean; violations: string[] }>
  /** More /api/ops routes from outside the back office (news). */
  extraRoutes?: Router[]
}

/** The back office's /api/ops router: reviews, users, audit, ledger check, clock, messages. */
export function createOps(deps: OpsDeps) {
  const { db, clock, config, reviews, messages, userHub } = deps
  const act = createUserActions({
    db,
    clock,
    userEvents: userHub,
    forgetSessions: deps.forgetSessions,
  })
  const router = opsRouter({
    opsToken: config.opsToken,
    db,
    queues: reviews.queues,
    decide: reviews.decide,
    act,
    ledgerCheck: deps.ledgerCheck,
    extra: [
      clockRoutes(db, clock, config.timeTravel),
      opsMessagesRoutes({ db, clock, messages, userEvents: userHub }),
      ...(deps.extraRoutes ?? []),
    ],
  })
  return { router }
}

export type Ops = ReturnType<typeof createOps>
