import type { Kysely } from 'kysely'
import type { ReviewVerdict, UserEvent } from '@kabu/shared/realtime'
import type { Messages } from '../common/messages'
import { Refusal } from '../common/refusal'
import type { Clock } from '../../clock'
import type { UserEvents } from '../common/user-events'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import { recordApproval } from './four-eyes'
import { createKeyedLock } from './keyed-lock'
import type { ReviewKind, ReviewOutcome, ReviewQueues } from '../common/review-queue'

export type Decision = { approve: true } | { approve: false; reason: string }

export interface DecideDeps {
  db: Kysely<Database>
  clock: Clock
  queues: ReviewQueues
  messages: Messages
  userEvents: UserEvents
}

/** The user's event for a decided request: funds and identity have their own, the rest share one. */
export function eventOf(
  kind: ReviewKind,
  id: string,
  status: ReviewVerdict,
  reason?: string,
): UserEvent {
  const verdict = reason === undefined ? { status } : { status, reason }
  if (kind === 'deposit' || kind === 'withdraw') {
    return { type: 'funds:reviewed', kind, id, ...verdict }
  }
  if (kind === 'kyc') return { type: 'kyc:result', id, ...verdict }
  return { type: 'review:decided', kind, id, ...verdict }
}

/**
 * Approves or rejects one request: the queue's own change, the audit row and the user's message in
 * ONE SQL transaction, then (only after the commit) the user's event. A request that is no longer
 * pending is refused by the queue (`not_found`) and nothing at all is written.
 */
export function createDecider({ db, clock, queues, messages, userEvents }: DecideDeps) {
  // Queues guard with a conditional UPDATE; this also keeps one gateway's operator and auto policy
  // from racing on the same request (a double approval of a deposit would credit it twice).
  const withLock = createKeyedLock()
  return function decide(
    kind: ReviewKind,
    id: bigint,
    operator: string,
    decision: Decision,
  ): Promise<ReviewOutcome> {
    return withLock(`${kind}:${id}`, () => decideNow(kind, id, operator, decision))
  }

  async function decideNow(
    kind: ReviewKind,
    id: bigint,
    operator: string,
    decision: Decision,
  ): Promise<ReviewOutcome> {
    const queue = queues.get(kind)
    if (!queue) throw new Refusal('not_found')
    const verdict: ReviewVerdict = decision.approve ? 'approved' : 'rejected'
    const reason = decision.approve ? undefined : decision.reason

    const outcome = await db.transaction().execute(async (trx) => {
      const held = decision.approve ? await holdForFourEyes(trx, kind, id, operator) : undefined
      if (held) return held
      const result =
        reason === undefined
          ? await queue.approve(trx, id, operator)
          : await queue.reject(trx, id, operator, reason)
      await audit(
        trx,
        {
          operator,
          action: `review.${kind}.${decision.approve ? 'approve' : 'reject'}`,
          target: `${kind}:${id}`,
          before: result.before,
          after: result.after,
        },
        clock.now(),
      )
      const params: Record<string, string> = { ...result.params, id: id.toString() }
      if (reason !== undefined) params.reason = reason
      await messages.send(trx, {
        userId: result.userId,
        title: `review.${kind}.${verdict}.title`,
        summary: `review.${kind}.${verdict}.summary`,
        params,
      })
      return result
    })
    if (!outcome.awaiting) {
      userEvents.emit(outcome.userId, eventOf(kind, id.toString(), verdict, reason))
    }
    return outcome
  }

  /**
   * Four eyes: when the queue says this request needs two approvers, the approval is recorded
   * (and audited as such) and the request stays pending until the second, different approver;
   * the user hears nothing until it is decided. Undefined: go on and decide now.
   */
  async function holdForFourEyes(
    trx: Kysely<Database>,
    kind: ReviewKind,
    id: bigint,
    operator: string,
  ): Promise<ReviewOutcome | undefined> {
    const queue = queues.get(kind)
    const needed = (await queue?.approvalsNeeded?.(trx, id)) ?? 1
    if (needed < 2) return undefined
    const approvals = await recordApproval(trx, kind, id, operator, clock.now())
    if (approvals >= needed) return undefined
    const awaiting = { approvals, needed }
    await audit(
      trx,
      {
        operator,
        action: `review.${kind}.approve_first`,
        target: `${kind}:${id}`,
        before: { status: 'pending' },
        after: { status: 'pending', ...awaiting },
      },
      clock.now(),
    )
    return { userId: 0n, before: null, after: null, awaiting }
  }
}

export type Decide = ReturnType<typeof createDecider>
