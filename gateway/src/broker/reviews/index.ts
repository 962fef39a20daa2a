import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { Messages } from '../common/messages'
import type { ReviewQueues } from '../common/review-queue'
import type { UserEvents } from '../common/user-events'
import { startAutoReview } from './auto-review'
import { createDecider } from './decide'

export interface ReviewDeskDeps {
  db: Kysely<Database>
  clock: Clock
  /** Every area's queue, registered by the composition root. */
  queues: ReviewQueues
  messages: Messages
  userEvents: UserEvents
  /** REVIEW_POLICY: `auto` lets the published rules decide what waited `autoDelayMs`. */
  policy: 'auto' | 'manual'
  autoDelayMs: number
  logger?: Logger
}

/**
 * Review decisions, owned by the broker: `decide` (what an operator's approve or reject does, in
 * one SQL transaction with its audit row and the user's message) and, under REVIEW_POLICY=auto,
 * the scheduler that decides pending requests by their rules. The back office only calls `decide`.
 */
export function createReviewDesk(deps: ReviewDeskDeps) {
  const decide = createDecider(deps)
  let auto: { stop(): Promise<void> } | undefined
  return {
    queues: deps.queues,
    decide,
    start() {
      if (deps.policy !== 'auto' || auto) return
      auto = startAutoReview({ ...deps, decide, delayMs: deps.autoDelayMs })
    },
    async stop() {
      await auto?.stop()
      auto = undefined
    },
  }
}

export type ReviewDesk = ReturnType<typeof createReviewDesk>
