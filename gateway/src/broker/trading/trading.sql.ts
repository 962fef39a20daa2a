import type { Kysely, Selectable } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import type { HoldingsTable } from '../../store/schema/trading'

type Db = Kysely<Database>
export type HoldingRow = Selectable<HoldingsTable>

export interface NewOrder {
  userId: bigint
  orderNo: string
  code: string
  market: string
  currency: string
  num: number
  limitPrice: bigint | null
  price: bigint
  frozen: bigint
  now: number
  /** A market order fills in the same transaction: it is written as a holding with its fee. */
  filledFee?: bigint
}

export async function insertOrder(db: Db, o: NewOrder): Promise<bigint> {
  const row = await db
    .insertInto('holdings')
    .values({
      user_id: o.userId,
      order_no: o.orderNo,
      code: o.code,
      market: o.market,
      currency: o.currency,
      status: o.filledFee === undefined ? HOLDING.pending : HOLDING.holding,
      stock_num: o.num,
      limit_price: o.limitPrice,
      buy_price: o.price,
      buy_fee: o.filledFee ?? 0n,
      frozen: o.filledFee === undefined ? o.frozen : 0n,
      buy_time: o.filledFee === undefined ? null : o.now,
      created_at: o.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A user's own holding; another user's id reads as missing. */
export function holdingOf(db: Db, userId: bigint, id: bigint): Promise<HoldingRow | undefined> {
  return db
    .selectFrom('holdings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function holdingById(db: Db, id: bigint): Promise<HoldingRow | undefined> {
  return db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A user's holdings in one market with the given statuses, newest first. */
export function userHoldings(
  db: Db,
  userId: bigint,
  market: string,
  statuses: readonly number[],
): Promise<HoldingRow[]> {
  return db
    .selectFrom('holdings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('status', 'in', statuses.map(BigInt))
    .orderBy('id', 'desc')
    .execute()
}

/** Resting orders (pending buys, closing sells) on any of `codes`, oldest first. */
export function restingOn(db: Db, codes: readonly string[]): Promise<HoldingRow[]> {
  return db
    .selectFrom('holdings')
    .selectAll()
    .where('code', 'in', [...codes])
    .where('status', 'in', [BigInt(HOLDING.pending), BigInt(HOLDING.closing)])
    .orderBy('id')
    .execute()
}

/**
 * Moves a holding from one status to another only if it is still in `from` (and, given
 * `stockNum`, still has that many shares): the conditional UPDATE is what makes two concurrent
 * sells (or a fill racing a cancel, or a partial sell racing a whole one) end with one winner.
 */
export async function transition(
  db: Db,
  id: bigint,
  from: number,
  set: Partial<{
    status: number
    buy_price: bigint
    buy_fee: bigint
    frozen: bigint
    buy_time: number
    sell_price: bigint | null
    sell_fee: bigint
    realised: bigint
    sell_time: number
  }>,
  stockNum?: bigint,
): Promise<boolean> {
  const update = db
    .updateTable('holdings')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', BigInt(from))
  const guarded = stockNum === undefined ? update : update.where('stock_num', '=', stockNum)
  const result = await guarded.executeTakeFirst()
  return result.numUpdatedRows === 1n
}
