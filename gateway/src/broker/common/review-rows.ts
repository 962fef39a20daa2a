import type { Kysely, Selectable } from 'kysely'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { ReviewOutcome } from './review-queue'
import type { Database } from '../../store/index'
import { Refusal } from './refusal'

/**
 * What the deposit, withdrawal and loan review queues share word for word: the same status
 * codes, the same "decide only while still pending" update, the same ops list query and the
 * same outcome shape. Kept in one place so a fix to the race guard or the wire shape cannot
 * reach one queue and miss the others; each queue keeps its own money rules in its own file.
 * (KYC is not here: its statuses are strings and its outcome carries the name.)
 */

type Db = Kysely<Database>
export type ReviewedTable = 'deposits' | 'withdrawals' | 'loans'
export type ReviewedRow<T extends ReviewedTable> = Selectable<Database[T]>

export const PENDING = 0n
export const APPROVED = 1n
export const REJECTED = 2n

const STATUS_CODE: Record<string, bigint> = {
  pending: PENDING,
  approved: APPROVED,
  rejected: REJECTED,
}

/** The stored code of a `?status=` name; undefined for a name the queues do not know. */
function statusCode(status: string): bigint | undefined {
  return Object.hasOwn(STATUS_CODE, status) ? STATUS_CODE[status] : undefined
}

/**
 * Moves a pending row to its decision; undefined when it is not pending any more (decided
 * already, or never existed), which is how a second approval changes nothing.
 */
async function decidePending<T extends ReviewedTable>(
  db: Db,
  table: T,
  id: bigint,
  decision: { status: bigint; operator: string; reason: string | null; now: number },
): Promise<ReviewedRow<T> | undefined> {
  const row = await db
    .updateTable(table as ReviewedTable)
    .set({
      status: decision.status,
      decided_by: decision.operator,
      reason: decision.reason,
      decided_at: decision.now,
    })
    .where('id', '=', id)
    .where('status', '=', PENDING)
    .returningAll()
    .executeTakeFirst()
  return row as ReviewedRow<T> | undefined
}

/**
 * A queue's decide step bound to its table and clock: {@link decidePending} at the clock's now,
 * refusing with `not_found` when the row was not pending.
 */
export function pendingDecider<T extends ReviewedTable>(table: T, clock: Clock) {
  return async (
    db: Db,
    id: bigint,
    status: bigint,
    operator: string,
    reason: string | null,
  ): Promise<ReviewedRow<T>> => {
    const row = await decidePending(db, table, id, { status, operator, reason, now: clock.now() })
    if (!row) throw new Refusal('not_found')
    return row
  }
}

/**
 * The rows of one `?status=` name with the owner's account, oldest first: the ops list's query.
 * A name the queues do not know lists nothing.
 */
export async function rowsWithAccount<T extends ReviewedTable>(
  db: Db,
  table: T,
  statusName: string,
): Promise<(ReviewedRow<T> & { account: string })[]> {
  const status = statusCode(statusName)
  if (status === undefined) return []
  const t = table as ReviewedTable
  const rows = await db
    .selectFrom(t)
    .innerJoin('users', 'users.id', `${t}.user_id`)
    .selectAll(t)
    .select('users.account')
    .where(`${t}.status`, '=', status)
    .orderBy(`${t}.id`, 'asc')
    .execute()
  return rows as (ReviewedRow<T> & { account: string })[]
}

interface MoneyRequest {
  id: bigint
  user_id: bigint
  order_no: string
  currency: string
  amount: bigint
  status: bigint
  reason: string | null
  created_at: bigint
}

/** The fields every money queue's ops row starts with; the queue adds its own after them. */
export function moneyRowBase(row: MoneyRequest & { account: string }, status: string) {
  return {
    id: String(row.id),
    account: row.account,
    status,
    created: Number(row.created_at),
    order_no: row.order_no,
    money: formatUnits(row.amount),
    currency: row.currency,
  }
}

/** The audit and message facts of a decided money request (it was pending before). */
export function moneyOutcome(row: MoneyRequest): ReviewOutcome {
  return {
    userId: row.user_id,
    before: { status: 'pending' },
    after: { status: row.status === APPROVED ? 'approved' : 'rejected', reason: row.reason },
    // Message texts show money as people read it: grouped, in the currency's minor units.
    params: {
      amount: formatAmount(row.amount, row.currency),
      currency: row.currency,
      order_no: row.order_no,
    },
  }
}
