import { sql, type Insertable, type Kysely, type Selectable } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { lockUser, sumOf, type Database } from '../../store/index'
import type { ProductOrdersTable, ProductsTable } from '../../store/schema/products'

type Db = Kysely<Database>
export type ProductRow = Selectable<ProductsTable>
export type OrderRow = Selectable<ProductOrdersTable>
export type OrderWithProduct = OrderRow & {
  market: string
  daily_rate: string
  deadline: bigint
  lock_days: bigint
  issuer_id: bigint
  issuer: string
  name_ja: string
  name_zh: string
  name_en: string
}

export const FOLLOWING = 0n
export const ENDED = 1n

export async function insertProduct(db: Db, row: Insertable<ProductsTable>): Promise<bigint> {
  const { id } = await db
    .insertInto('products')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export function productById(db: Db, id: bigint): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
}

export function simulatedKeyTaken(db: Db, simKey: string): Promise<boolean> {
  return db
    .selectFrom('products')
    .select('id')
    .where('sim_key', '=', simKey)
    .executeTakeFirst()
    .then((row) => row !== undefined)
}

/** The products of a market whose deadline is still ahead, closing soonest first. */
export function productsOfMarket(db: Db, market: string, now: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('market', '=', market)
    .where('deadline', '>', BigInt(now))
    .orderBy('deadline')
    .orderBy('id')
    .execute()
}

/** Every product, closed ones too, newest first: the back office's list. */
export function productsPage(db: Db, offset: number, limit: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** The issuer account of a code, if the back office made it already. */
export function issuerByAccount(db: Db, account: string) {
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('account', '=', account)
    .executeTakeFirst()
}

export async function insertIssuer(
  db: Db,
  row: { account: string; inviteCode: string; now: number },
): Promise<bigint> {
  const { id } = await db
    .insertInto('users')
    .values({
      account: row.account,
      // No password hashes to this: an issuer's account cannot log in (and its status says so).
      password_hash: '!issuer',
      invite_code: row.inviteCode,
      inviter_id: null,
      status: 'issuer',
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/**
 * Holds the issuer's row until the transaction ends, so two buys against the same issuer's
 * funding are checked one after the other.
 */
export const lockIssuer = (db: Db, issuerId: bigint): Promise<void> => lockUser(db, issuerId)

/** The issuer's funding left: its `available` book in the currency. */
export async function issuerFunds(db: Db, issuerId: bigint, currency: Currency): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sumOf('balance').as('balance'))
    .where('user_id', '=', issuerId)
    .where('book', '=', 'available')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow()
  return row.balance
}

/** What the issuer still owes its open orders in a currency: Σ (max_profit − profit). */
export async function issuerOwes(db: Db, issuerId: bigint, currency: Currency): Promise<bigint> {
  const row = await db
    .selectFrom('product_orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(sql<bigint>`cast(coalesce(sum(o.max_profit - o.profit), 0) as bigint)`.as('owed'))
    .where('p.issuer_id', '=', issuerId)
    .where('o.currency', '=', currency)
    .where('o.status', '=', FOLLOWING)
    .executeTakeFirstOrThrow()
  return row.owed
}

/** The principal of a product's open orders. */
export async function openPrincipal(db: Db, productId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('product_orders')
    .select(sumOf('amount').as('amount'))
    .where('product_id', '=', productId)
    .where('status', '=', FOLLOWING)
    .executeTakeFirstOrThrow()
  return row.amount
}

export async function insertOrder(db: Db, row: Insertable<ProductOrdersTable>): Promise<bigint> {
  const { id } = await db
    .insertInto('product_orders')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const withProduct = (db: Db) =>
  db
    .selectFrom('product_orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .selectAll('o')
    .select([
      'p.market',
      'p.daily_rate',
      'p.deadline',
      'p.lock_days',
      'p.issuer_id',
      'p.issuer',
      'p.name_ja',
      'p.name_zh',
      'p.name_en',
    ])

export function ordersOf(db: Db, userId: bigint, currency: Currency): Promise<OrderWithProduct[]> {
  return withProduct(db)
    .where('o.user_id', '=', userId)
    .where('o.currency', '=', currency)
    .orderBy('o.id', 'desc')
    .execute()
}

export function orderOf(db: Db, userId: bigint, id: bigint): Promise<OrderWithProduct | undefined> {
  return withProduct(db).where('o.user_id', '=', userId).where('o.id', '=', id).executeTakeFirst()
}

export function orderById(db: Db, id: bigint): Promise<OrderWithProduct | undefined> {
  return withProduct(db).where('o.id', '=', id).executeTakeFirst()
}

/** Every order still following, oldest first: the job's work list. */
export function openOrders(db: Db): Promise<OrderWithProduct[]> {
  return withProduct(db).where('o.status', '=', FOLLOWING).orderBy('o.id').execute()
}

/**
 * Ends an order still following whose paid days are `daysPaid`, answering its principal and profit
 * as they stand (on PostgreSQL after any accrual that held the row has committed); undefined when
 * it had ended already or a day is still unpaid.
 */
export function endOrder(
  db: Db,
  id: bigint,
  reason: 'user' | 'deadline',
  now: number,
  daysPaid: bigint,
): Promise<{ amount: bigint; profit: bigint; user_id: bigint; order_no: string } | undefined> {
  return db
    .updateTable('product_orders')
    .set({ status: ENDED, end_reason: reason, ended_at: now })
    .where('id', '=', id)
    .where('status', '=', FOLLOWING)
    .where('days_paid', '=', daysPaid)
    .returning(['amount', 'profit', 'user_id', 'order_no'])
    .executeTakeFirst()
}

export function accrualsOf(db: Db, orderId: bigint) {
  return db
    .selectFrom('product_accruals')
    .select(['day', 'amount', 'accrual_at'])
    .where('order_id', '=', orderId)
    .orderBy('accrual_at')
    .execute()
}
