import type { Kysely } from 'kysely'
import type { ReviewKind } from '@kabu/shared/api/ops'
import type { Database } from '../../store/index'

export {
  REVIEW_KINDS,
  REVIEW_STATUSES,
  type ReviewKind,
  type ReviewStatus,
} from '@kabu/shared/api/ops'

/**
 * What a decision changed, for the audit row and the user's message. The review framework (not the
 * queue) writes the audit row, sends the user's message and emits the user event, all in the same
 * SQL transaction as the queue's change: a queue's approve/reject only changes its own rows (and
 * the ledger), and must NOT send its own message.
 */
export interface ReviewOutcome {
  userId: bigint
  before: unknown
  after: unknown
  /**
   * Values interpolated into the user's message (e.g. `{ amount: '1,000', currency: 'JPY' }`);
   * `id` and, on a reject, `reason` are added by the framework.
   */
  params?: Record<string, string>
  /**
   * Set when four eyes held the approval back: this approval is recorded, the request stays
   * pending until `needed` different approvers have approved it.
   */
  awaiting?: { approvals: number; needed: number }
}

/** One row of `GET /api/ops/reviews`; queues add the fields an operator needs to decide. */
export interface ReviewRow {
  id: string
  account: string
  status: string
  /** Epoch milliseconds (the injected clock's). */
  created: number
  [field: string]: unknown
}

export type AutoDecision = { approve: true } | { approve: false; reason: string }

export interface ReviewQueue {
  kind: ReviewKind
  /** Rows for GET /api/ops/reviews?kind=&status= ; status 'pending' | 'approved' | 'rejected'. */
  list(db: Kysely<Database>, status: string): Promise<ReviewRow[]>
  /**
   * Inside B's SQL transaction. Must refuse (Refusal('not_found')) unless the row is still pending:
   * approving twice or after a reject changes nothing.
   */
  approve(trx: Kysely<Database>, id: bigint, operator: string): Promise<ReviewOutcome>
  reject(
    trx: Kysely<Database>,
    id: bigint,
    operator: string,
    reason: string,
  ): Promise<ReviewOutcome>
  /**
   * REVIEW_POLICY=auto: check the published rules, then approve or reject with a reason;
   * undefined when the rules cannot decide yet (a block offer's window still open): asked again
   * on a later pass.
   */
  autoDecide?(db: Kysely<Database>, id: bigint): Promise<AutoDecision | undefined>
  /**
   * Four eyes: how many different approvers this pending request needs (1 or 2), inside the
   * decision's transaction, holding the request's row so concurrent approvals queue. Refuses
   * `not_found` unless pending. Absent: one approval always decides.
   */
  approvalsNeeded?(trx: Kysely<Database>, id: bigint): Promise<number>
}

export interface ReviewRegistry {
  register(queue: ReviewQueue): void
}

/** The registry the back office and the auto policy read; areas only need `register`. */
export interface ReviewQueues extends ReviewRegistry {
  get(kind: ReviewKind): ReviewQueue | undefined
  all(): ReviewQueue[]
  /**
   * Puts `queue` in the place of its kind's (registered or not): the framework's tests stand a
   * fixture queue where a real one is, now that every kind of API.md has one.
   */
  replace(queue: ReviewQueue): void
}

export function createReviewQueues(): ReviewQueues {
  const queues = new Map<ReviewKind, ReviewQueue>()
  return {
    register(queue) {
      if (queues.has(queue.kind)) throw new Error(`review queue ${queue.kind} registered twice`)
      queues.set(queue.kind, queue)
    },
    get: (kind) => queues.get(kind),
    all: () => [...queues.values()],
    replace(queue) {
      queues.set(queue.kind, queue)
    },
  }
}
