import { sql, type Kysely, type Migration, type RawBuilder, type SqlBool } from 'kysely'

/**
 * The working orders (waiting, open, partly filled) as literal SQL: the WHERE of the partial
 * indexes `orders_code` and `orders_expiry`. A query that must use either carries this very
 * predicate (SQLite uses a partial index only when the query's WHERE holds the index's terms
 * literally, never for bound parameters; PostgreSQL proves implication from constants, so a bound
 * value serves only in a plan made for that value, not in a prepared statement's generic plan),
 * so the migration and the queries share this constant. The tests that each reader's plan uses
 * its index: orders-partial-indexes.test.ts, steps-partial-index.test.ts and
 * close-partial-index.test.ts.
 */
export const WORKING_ORDERS: RawBuilder<SqlBool> = sql<SqlBool>`status in ('waiting', 'open', 'partial')`

/** The stop orders (what the trigger job follows) as literal SQL: `orders_trigger_changes`' WHERE. */
export const TRIGGER_ORDERS: RawBuilder<SqlBool> = sql<SqlBool>`kind in ('stop', 'stop_limit', 'trailing')`

/**
 * Ledger transactions that move money across the wallet's edge (deposits, withdrawals, exchanges:
 * assets.sql.ts DEPOSIT_KINDS) as literal SQL on `column`: the WHERE of `ledger_transactions_kind`,
 * read by the close job's net deposits (close.sql.ts, with `t.kind`).
 */
export function depositKinds(column: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in ('deposit', 'withdraw_freeze', 'withdraw_pay', 'withdraw_release', 'fx')`
}

/**
 * Issue 35 (P2, fewer index writes per order): a market order is written already filled and never
 * rests, yet each one added an entry to the three resting-order indexes. Partial, they hold only
 * the orders their readers look for: the matcher's, the lapse job's and the other working-order
 * reads (`orders_code`, `orders_expiry`) and the trigger job's (`orders_trigger_changes`). Each
 * order's ledger transactions likewise left an entry in `ledger_transactions_kind`, whose one
 * reader, the close job, looks for deposit kinds alone.
 */
export function orderPartialIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const name of ['orders_code', 'orders_expiry', 'orders_trigger_changes']) {
        await db.schema.dropIndex(name).execute()
      }
      await db.schema
        .createIndex('orders_code')
        .on('orders')
        .columns(['code', 'status'])
        .where(WORKING_ORDERS)
        .execute()
      await db.schema
        .createIndex('orders_expiry')
        .on('orders')
        .columns(['status', 'expires_at'])
        .where(WORKING_ORDERS)
        .execute()
      await db.schema
        .createIndex('orders_trigger_changes')
        .on('orders')
        .columns(['kind', 'updated_at'])
        .where(TRIGGER_ORDERS)
        .execute()
      await db.schema.dropIndex('ledger_transactions_kind').execute()
      await db.schema
        .createIndex('ledger_transactions_kind')
        .on('ledger_transactions')
        .column('kind')
        .where(depositKinds('kind'))
        .execute()
    },
  }
}
