import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { MessagesService } from '../broker/messages/service'
import type { AdjustableClock } from '../clock'
import type { Config } from '../config'
import type { UserHub } from '../realtime/user.hub'
import type { Database } from '../store/index'
import { startAutoReview } from './auto-review'
import { clockRoutes } from './clock.routes'
import { createDecider } from './decide'
import { opsMessagesRoutes } from './messages.routes'
import { opsNewsRoutes } from '../news/ops.routes'
import { opsRouter } from './routes'
import type { ReviewQueues } from './reviews'
import { createUserActions } from './users'

export interface OpsDeps {
  db: Kysely<Database>
  clock: AdjustableClock
  config: Config
  queues: ReviewQueues
  messages: MessagesService
  userHub: UserHub
  /** Drops a user's kept sessions when an operator changes the account (see SessionCache). */
  forgetSessions?: (userId: bigint) => void
  ledgerCheck: (db: Kysely<Database>) => Promise<{ ok: boolean; violations: string[] }>
  logger?: Logger
}

/**
 * The back office: the /api/ops router and, under REVIEW_POLICY=auto, the scheduler that decides
 * pending requests by their rules. `start()` begins the scheduler, `stop()` waits for its pass.
 */
export function createOps(deps: OpsDeps) {
  const { db, clock, config, queues, messages, userHub } = deps
  const decide = createDecider({ db, clock, queues, messages, userEvents: userHub })
  const act = createUserActions({
    db,
    clock,
    userEvents: userHub,
    forgetSessions: deps.forgetSessions,
  })
  const router = opsRouter({
    opsToken: config.opsToken,
    db,
    queues,
    decide,
    act,
    ledgerCheck: deps.ledgerCheck,
    extra: [
      clockRoutes(db, clock, config.timeTravel),
      opsMessagesRoutes({ db, clock, messages, userEvents: userHub }),
      opsNewsRoutes({ db, clock }),
    ],
  })
  let auto: { stop(): Promise<void> } | undefined
  return {
    router,
    decide,
    start() {
      if (config.reviewPolicy !== 'auto' || auto) return
      auto = startAutoReview({
        db,
        clock,
        queues,
        decide,
        delayMs: config.autoReviewDelayMs,
        logger: deps.logger,
      })
    },
    async stop() {
      await auto?.stop()
      auto = undefined
    },
  }
}

export type Ops = ReturnType<typeof createOps>
