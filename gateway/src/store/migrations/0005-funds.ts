import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Deposits, withdrawals and exchanges: the business rows behind the ledger transactions of those
 * flows. Amounts are BIGINT 1/10,000 units; times are epoch ms from the injected clock.
 */
export function funds(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deposits')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('voucher_id', 'text')
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('deposits_amount_positive', sql`amount > 0`)
        .addCheckConstraint('deposits_status_known', sql`status in (0, 1, 2)`)
        .execute()
      // "A deposit is already pending": the store keeps it true even when two requests race.
      await db.schema
        .createIndex('deposits_one_pending')
        .on('deposits')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), '=', 0)
        .execute()
      await db.schema
        .createIndex('deposits_user')
        .on('deposits')
        .columns(['user_id', 'created_at'])
        .execute()

      await db.schema
        .createTable('withdrawals')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bank_id', 'bigint', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('card_number_masked', 'text', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('withdrawals_amount_positive', sql`amount > 0`)
        .addCheckConstraint('withdrawals_status_known', sql`status in (0, 1, 2)`)
        .execute()
      await db.schema
        .createIndex('withdrawals_user')
        .on('withdrawals')
        .columns(['user_id', 'created_at'])
        .execute()

      await db.schema
        .createTable('exchanges')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('from_currency', 'text', (c) => c.notNull())
        .addColumn('to_currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('got', 'bigint', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('spread', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('exchanges_amounts_positive', sql`amount > 0 and got > 0`)
        .execute()
      await db.schema
        .createIndex('exchanges_user')
        .on('exchanges')
        .columns(['user_id', 'created_at'])
        .execute()
    },
  }
}
