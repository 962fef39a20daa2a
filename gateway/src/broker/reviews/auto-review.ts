import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { Refusal } from '../common/refusal'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { Decide } from './decide'
import type { ReviewQueue, ReviewQueues } from '../common/review-queue'

/** The operator name of decisions taken by REVIEW_POLICY=auto, as the audit trail shows it. */
export const AUTO_OPERATOR = 'auto'

const LEFT_TO_PEOPLE = new Set<string>(['not_found', 'four_eyes_person_required'])

export interface AutoReviewDeps {
  db: Kysely<Database>
  clock: Clock
  queues: ReviewQueues
  decide: Decide
  /** How long a request stays pending before the rules decide it (AUTO_REVIEW_DELAY_MS). */
  delayMs: number
  logger?: Logger
}

/**
 * REVIEW_POLICY=auto (the demo): every pending request of every queue that can judge itself is
 * decided by its published rules once it has waited `delayMs`. Operators may still decide first;
 * the queue then refuses the late automatic decision (`not_found`) and nothing happens twice.
 */
export function startAutoReview(deps: AutoReviewDeps): { stop(): Promise<void> } {
  const { db, clock, queues, decide, delayMs, logger } = deps
  let running: Promise<void> | undefined
  let stopped = false

  async function reviewQueue(
    queue: ReviewQueue,
    autoDecide: NonNullable<ReviewQueue['autoDecide']>,
  ) {
    const due = clock.now() - delayMs
    for (const row of await queue.list(db, 'pending')) {
      if (stopped) return
      if (row.created > due) continue
      const id = BigInt(row.id)
      try {
        const decision = await autoDecide.call(queue, db, id)
        if (decision) await decide(queue.kind, id, AUTO_OPERATOR, decision)
      } catch (error) {
        // A request for four eyes waits for two people; the policy is neither.
        if (error instanceof Refusal && LEFT_TO_PEOPLE.has(error.key)) continue
        logger?.error({ err: error, kind: queue.kind, id: row.id }, 'auto review failed')
      }
    }
  }

  async function pass(): Promise<void> {
    for (const queue of queues.all()) {
      if (stopped) return
      const { autoDecide } = queue
      if (!autoDecide) continue
      try {
        await reviewQueue(queue, autoDecide)
      } catch (error) {
        logger?.error({ err: error, kind: queue.kind }, 'auto review pass failed')
      }
    }
  }

  // Often enough that a request is decided close to its delay, rarely enough to stay cheap.
  const every = Math.min(1_000, Math.max(50, Math.floor(delayMs / 4)))
  const timer = setInterval(() => {
    running ??= pass().finally(() => (running = undefined))
  }, every)
  timer.unref()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
