import { Refusal } from '../../gateway/src/broker/common/refusal'
import type { ReviewKind, ReviewQueue } from '../../gateway/src/broker/common/review-queue'

/**
 * A minimal review queue over a table of its own, so the review framework (transactions, audit,
 * messages, events, the auto policy) is tested apart from any one area's rules. It follows the
 * seam's contract: only a pending row can be decided, anything else is `not_found`.
 */
type FixtureDb = {
  fixture_requests: {
    id: bigint
    user_id: bigint
    amount: bigint
    status: string
    reason: string | null
    created_at: bigint
  }
}

// The tests workspace cannot import kysely itself; the queue's own parameter type is the store's.
type Db = Parameters<ReviewQueue['list']>[0]
const fx = (db: Db) => db.withTables<FixtureDb>()

/** Requests above this amount are refused by the fixture's published rule. */
export const FIXTURE_LIMIT = 1000n

export async function createFixtureTable(db: Db): Promise<void> {
  await fx(db)
    .schema.createTable('fixture_requests')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function addRequest(
  db: Db,
  row: { id: number; userId: bigint; amount: bigint; createdAt: number },
): Promise<void> {
  await fx(db)
    .insertInto('fixture_requests')
    .values({
      id: BigInt(row.id),
      user_id: row.userId,
      amount: row.amount,
      status: 'pending',
      reason: null,
      created_at: BigInt(row.createdAt),
    })
    .execute()
}

export function requestOf(db: Db, id: number) {
  return fx(db)
    .selectFrom('fixture_requests')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow()
}

export function fixtureQueue(kind: ReviewKind): ReviewQueue {
  async function decide(trx: Db, id: bigint, status: string, reason: string | null) {
    // The conditional UPDATE is the guard: of two racing decisions, only one finds the row pending.
    const updated = await fx(trx)
      .updateTable('fixture_requests')
      .set({ status, reason })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) throw new Refusal('not_found')
    const row = await requestOf(trx, Number(id))
    return {
      userId: row.user_id,
      before: { status: 'pending', amount: row.amount },
      after: { status, reason },
      params: { amount: row.amount.toString() },
    }
  }
  return {
    kind,
    async list(db, status) {
      const rows = await fx(db)
        .selectFrom('fixture_requests')
        .innerJoin('users', 'users.id', 'fixture_requests.user_id')
        .select([
          'fixture_requests.id',
          'users.account',
          'fixture_requests.status',
          'fixture_requests.amount',
          'fixture_requests.created_at',
        ])
        .where('fixture_requests.status', '=', status)
        .orderBy('fixture_requests.id')
        .execute()
      return rows.map((r) => ({
        id: r.id.toString(),
        account: r.account,
        status: r.status,
        amount: r.amount.toString(),
        created: Number(r.created_at),
      }))
    },
    approve: (trx, id) => decide(trx, id, 'approved', null),
    reject: (trx, id, _operator, reason) => decide(trx, id, 'rejected', reason),
    async autoDecide(db, id) {
      const row = await requestOf(db, Number(id))
      return row.amount > FIXTURE_LIMIT
        ? { approve: false, reason: 'above the fixture limit' }
        : { approve: true }
    },
  }
}
