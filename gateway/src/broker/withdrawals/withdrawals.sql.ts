import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'

/** The withdrawal area's queries; every read of a user's rows is scoped by their id. */

type Db = Kysely<Database>

export { APPROVED, PENDING, REJECTED } from '../common/review-rows'

export async function insertWithdrawal(
  db: Db,
  row: {
    userId: bigint
    orderNo: string
    currency: Currency
    amount: bigint
    card: { id: bigint; bank_name: string; card_number_masked: string }
    now: number
  },
): Promise<bigint> {
  const inserted = await db
    .insertInto('withdrawals')
    .values({
      user_id: row.userId,
      order_no: row.orderNo,
      currency: row.currency,
      amount: row.amount,
      bank_id: row.card.id,
      bank_name: row.card.bank_name,
      card_number_masked: row.card.card_number_masked,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export function userWithdrawals(
  db: Db,
  userId: bigint,
  currency: Currency,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/**
 * When each of the user's `orderNos` was paid out: the time of its `withdraw_pay` ledger
 * transaction, the payment itself (the approval posts it, queue.ts), by order number.
 */
export async function paidTimes(
  db: Db,
  userId: bigint,
  orderNos: readonly string[],
): Promise<Map<string, number>> {
  if (orderNos.length === 0) return new Map()
  const rows = await db
    .selectFrom('ledger_transactions')
    .select(['order_no', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'withdraw_pay')
    .where('order_no', 'in', orderNos)
    .execute()
  return new Map(rows.map((r) => [r.order_no, Number(r.created_at)]))
}

/** For the rules checklist: a bound card (unbound ones keep their row with deleted_at set). */
export async function hasBankCard(db: Db, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('bank_cards')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

export async function fundPasswordSet(db: Db, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('fund_password_hash')
    .where('id', '=', userId)
    .executeTakeFirst()
  return Boolean(row?.fund_password_hash)
}
