import { sql, type Migration, type RawBuilder, type SqlBool } from 'kysely'

/**
 * Holdings still open (held, or held while a sell closes them: HOLDING.holding and .closing) as
 * literal SQL: the WHERE of the partial index `holdings_open`. A query that must use it carries
 * this very predicate, as the order indexes' readers carry WORKING_ORDERS (0048): neither store
 * uses a partial index for a predicate bound as parameters in a prepared statement.
 */
export const OPEN_HOLDING_ROWS: RawBuilder<SqlBool> = sql<SqlBool>`status in (0, 1)`

/**
 * Issue 35 (P2): a sale reads the user's open holdings of its code (the moving average's rows,
 * tax.sql.ts), twice: before it and in its one statement's gate. No index began with the user and
 * the code, so both stores searched `holdings_pending` (code, status), every user's holdings of
 * the code, and PostgreSQL's prepared plan filtered even the status there, reading every row the
 * code ever had: on the order load each sale of Toyota read all of its thousands of sold rows, more
 * with every order. `holdings_open` holds the open rows alone, by user and code.
 */
export function holdingsOpen(): Migration {
  return {
    async up(db) {
      await db.schema
        .createIndex('holdings_open')
        .on('holdings')
        .columns(['user_id', 'code'])
        .where(OPEN_HOLDING_ROWS)
        .execute()
    },
  }
}
