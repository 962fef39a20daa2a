import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'
import { widenCheck } from './widen-check'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit','tax'))`
/** The house's `tax` becomes the national tax (income tax), `tax_local` the inhabitant tax. */
const NEW_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit','tax','tax_local'))`

/**
 * The taxable account's year (issue 36). `tax_events`: one row per sale or dividend of the
 * taxable account, in order, with what it did and the year as it left it (net, withheld national
 * and local) and, for a sale, the code's moving-average drift (the cost its past sales took at the
 * average instead of their own rows' cost): the latest row of a user's year, or of a user's code,
 * is all a new sale reads. `sale_tx_id` is the ledger transaction of the sale or dividend,
 * `tax_tx_id` the withholding's or refund's, so the ledger export can show the computation.
 */
export function tax(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenCheck(db, kind, {
        table: 'ledger_accounts',
        constraint: 'ledger_accounts_book_known',
        from: OLD_BOOKS,
        to: NEW_BOOKS,
      })
      await db.schema
        .createTable('tax_events')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sale', 'dividend')`))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('trade_date', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('gross', 'bigint', (c) => c.notNull())
        .addColumn('foreign_tax', 'bigint', (c) => c.notNull())
        .addColumn('fees', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'bigint', (c) => c.notNull())
        .addColumn('gain', 'bigint', (c) => c.notNull())
        .addColumn('national', 'bigint', (c) => c.notNull())
        .addColumn('local', 'bigint', (c) => c.notNull())
        .addColumn('year_net', 'bigint', (c) => c.notNull())
        .addColumn('year_national', 'bigint', (c) => c.notNull())
        .addColumn('year_local', 'bigint', (c) => c.notNull())
        .addColumn('basis_drift', 'bigint', (c) => c.notNull())
        .addColumn('sale_tx_id', 'bigint')
        .addColumn('tax_tx_id', 'bigint')
        .execute()
      await db.schema
        .createIndex('tax_events_user_year')
        .on('tax_events')
        .columns(['user_id', 'year', 'id'])
        .execute()
      await db.schema
        .createIndex('tax_events_user_code')
        .on('tax_events')
        .columns(['user_id', 'code', 'kind', 'id'])
        .execute()
    },
  }
}
