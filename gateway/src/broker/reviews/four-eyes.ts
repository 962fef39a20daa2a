import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'
import { approverOf } from '../common/operator-label'
import { Refusal } from '../common/refusal'
import { isUniqueViolation } from '../../store/index'
import type { ReviewKind } from '../common/review-queue'

/**
 * Records one approval of a request that needs `needed` different approvers and says how many it
 * now has. Inside the decision's transaction, after the queue has locked the request's row, so two
 * approvals of one request queue and the second sees the first. The unique key (kind, request,
 * approver) is the guard: the same person (or the script token a second time) is refused
 * `four_eyes_same_operator`; the automatic policy is no person and is refused outright.
 */
export async function recordApproval(
  trx: Kysely<Database>,
  kind: ReviewKind,
  requestId: bigint,
  operator: string,
  at: number,
): Promise<number> {
  const approver = approverOf(operator)
  if (approver === undefined) throw new Refusal('four_eyes_person_required')
  const already = await trx
    .selectFrom('review_approvals')
    .select('id')
    .where('kind', '=', kind)
    .where('request_id', '=', requestId)
    .where('approver', '=', approver)
    .executeTakeFirst()
  if (already) throw new Refusal('four_eyes_same_operator')
  try {
    await trx
      .insertInto('review_approvals')
      .values({ kind, request_id: requestId, approver, operator, at })
      .execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('four_eyes_same_operator')
    throw error
  }
  const { count } = await trx
    .selectFrom('review_approvals')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
    .where('kind', '=', kind)
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** Who has approved each of these requests so far (for the queue's listing), oldest first. */
export async function approvalsOf(
  db: Kysely<Database>,
  kind: ReviewKind,
  requestIds: bigint[],
): Promise<Map<string, string[]>> {
  const byRequest = new Map<string, string[]>()
  if (requestIds.length === 0) return byRequest
  const rows = await db
    .selectFrom('review_approvals')
    .select(['request_id', 'operator'])
    .where('kind', '=', kind)
    .where('request_id', 'in', requestIds)
    .orderBy('id')
    .execute()
  for (const row of rows) {
    const key = row.request_id.toString()
    byRequest.set(key, [...(byRequest.get(key) ?? []), row.operator])
  }
  return byRequest
}
