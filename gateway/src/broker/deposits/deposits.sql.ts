import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { PENDING } from '../common/review-rows'

/** The deposit area's queries; every read of a user's rows is scoped by their id. */

type Db = Kysely<Database>

export { APPROVED, PENDING, REJECTED } from '../common/review-rows'

export async function insertDeposit(
  db: Db,
  row: {
    userId: bigint
    orderNo: string
    currency: Currency
    amount: bigint
    channel: string
    voucherId: string | null
    now: number
  },
): Promise<bigint> {
  const inserted = await db
    .insertInto('deposits')
    .values({
      user_id: row.userId,
      order_no: row.orderNo,
      currency: row.currency,
      amount: row.amount,
      channel: row.channel,
      voucher_id: row.voucherId,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function hasPending(db: Db, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('deposits')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', PENDING)
    .executeTakeFirst()
  return row !== undefined
}

export function userDeposits(
  db: Db,
  userId: bigint,
  currency: Currency,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export function findDeposit(db: Db, id: bigint) {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst()
}
