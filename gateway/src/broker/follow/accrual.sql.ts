import { sql, type Kysely } from 'kysely'
import { onPostgres, type Database } from '../../store/index'
import { rowsTable } from '../../store/rows-parameter'
import { FOLLOWING } from './products.sql'

// The accrual's writes for many orders at once: one statement each whatever the orders' number
// (their values travel as one table parameter, rows-parameter.ts), so a batch of orders costs a
// handful of statements instead of a few per order and day.

type Db = Kysely<Database>

/** What a pass pays an order: the days after `daysBefore` up to `daysAfter`, their sum, the last instant. */
export interface Claim {
  id: bigint
  daysBefore: bigint
  daysAfter: bigint
  amount: bigint
  accruedUntil: number
}

/**
 * Claims the days of every order given, each by moving its paid-days count from what the caller
 * read (and adding their profit): an order that ended, or whose days another writer (a second
 * gateway, the user's end) paid first, is not claimed, and nothing is written for it. On PostgreSQL
 * the rows are locked first in id order, so two passes over the same orders queue instead of
 * deadlocking. Answers the ids claimed. The unary + on status keeps SQLite off the index of open
 * orders: through it SQLite scanned every open order for each row given (quadratic over 100,000
 * orders); with the + each row finds its order by id.
 */
export async function claimDays(db: Db, claims: readonly Claim[]): Promise<Set<bigint>> {
  if (claims.length === 0) return new Set()
  const rows = claims.map((c) => [
    c.id,
    c.daysBefore,
    c.daysAfter,
    c.amount,
    BigInt(c.accruedUntil),
  ])
  const table = rowsTable(
    db,
    { id: 'bigint', before: 'bigint', after: 'bigint', amount: 'bigint', until: 'bigint' },
    rows,
  )
  if (onPostgres(db)) {
    await sql`select o.id from product_orders o where o.id in (select c.id from (${table}) as c)
      order by o.id for update`.execute(db)
  }
  const { rows: claimed } = await sql<{ id: bigint }>`update product_orders
    set profit = product_orders.profit + c.amount, days_paid = c.after, accrued_until = c.until
    from (${table}) as c
    where product_orders.id = c.id and +product_orders.status = ${FOLLOWING}
      and product_orders.days_paid = c.before
    returning product_orders.id`.execute(db)
  return new Set(claimed.map((r) => BigInt(r.id)))
}

/** One order's day: its local date, its amount and its instant. */
export interface AccrualRow {
  orderId: bigint
  day: string
  amount: bigint
  accrualAt: number
}

/**
 * Every day's row of the orders claimed, in one INSERT: the (order, day) key makes a day written
 * twice fail the whole statement, and so the caller's transaction.
 */
export async function insertAccruals(db: Db, rows: readonly AccrualRow[], paidAt: number) {
  if (rows.length === 0) return
  const table = rowsTable(
    db,
    { order_id: 'bigint', day: 'text', amount: 'bigint', accrual_at: 'bigint' },
    rows.map((r) => [r.orderId, r.day, r.amount, BigInt(r.accrualAt)]),
  )
  await sql`insert into product_accruals (order_id, day, amount, accrual_at, paid_at)
    select r.order_id, r.day, r.amount, r.accrual_at, cast(${paidAt} as bigint)
    from (${table}) as r order by r.ord`.execute(db)
}
