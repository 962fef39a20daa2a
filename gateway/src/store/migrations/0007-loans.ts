import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Credit loans: the business rows behind the `loan` and `loan_repay` ledger transactions. Amounts
 * are BIGINT 1/10,000 units; times are epoch ms from the injected clock.
 */
export function loans(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('loans')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('interest_paid', 'bigint')
        .addColumn('repaid_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('loans_amount_positive', sql`amount > 0`)
        .addCheckConstraint('loans_status_known', sql`status in (0, 1, 2, 3)`)
        .execute()
      // "A loan is pending" and "an unpaid loan exists" per wallet: the store keeps both true even
      // when two requests (or two reviewers) race.
      await db.schema
        .createIndex('loans_one_pending')
        .on('loans')
        .columns(['user_id', 'currency'])
        .unique()
        .where(sql.ref('status'), '=', 0)
        .execute()
      await db.schema
        .createIndex('loans_one_owed')
        .on('loans')
        .columns(['user_id', 'currency'])
        .unique()
        .where(sql.ref('status'), '=', 1)
        .execute()
      await db.schema
        .createIndex('loans_user')
        .on('loans')
        .columns(['user_id', 'created_at'])
        .execute()
    },
  }
}
