import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { widenCheck } from './widen-check'
import { idColumn } from './columns'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_STATUSES = `status in ('active', 'frozen', 'banned')`
/** `issuer`: a product issuer's account, which holds the funding of its products' profit. */
const NEW_STATUSES = `status in ('active', 'frozen', 'banned', 'issuer')`

/**
 * Follow products (copy-trading): the products, each paid for by an issuer's account (a `users`
 * row of status `issuer`, which cannot log in; its `available` book is the products' funding, kept
 * from going negative by the ledger's CHECK); the users' orders, whose principal and accrued profit
 * sit in their `product` book; and one row per order and accrual day, whose unique key makes a
 * day's profit payable once whoever runs the job. Amounts are BIGINT 1/10,000 units; the daily rate
 * is exact decimal text; times are epoch ms from the injected clock.
 */
export function products(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenCheck(db, kind, {
        table: 'users',
        constraint: 'users_status_known',
        from: OLD_STATUSES,
        to: NEW_STATUSES,
      })

      await db.schema
        .createTable('products')
        .addColumn('id', ...idColumn(kind))
        .addColumn('issuer_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('name_ja', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('daily_rate', 'text', (c) => c.notNull())
        .addColumn('min_amount', 'bigint', (c) => c.notNull())
        .addColumn('capacity', 'bigint', (c) => c.notNull())
        .addColumn('funding', 'bigint', (c) => c.notNull())
        .addColumn('lock_days', 'bigint', (c) => c.notNull())
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('simulated', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('sim_key', 'text', (c) => c.unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'products_positive',
          sql`min_amount > 0 and capacity >= min_amount and funding >= 0 and lock_days >= 0`,
        )
        .addCheckConstraint('products_window', sql`opens_at < deadline`)
        .execute()
      await db.schema
        .createIndex('products_market')
        .on('products')
        .columns(['market', 'deadline'])
        .execute()

      await db.schema
        .createTable('product_orders')
        .addColumn('id', ...idColumn(kind))
        .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('max_profit', 'bigint', (c) => c.notNull())
        .addColumn('profit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('days_paid', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('accrued_until', 'bigint', (c) => c.notNull())
        .addColumn('lock_until', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('end_reason', 'text')
        .addColumn('ended_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('product_orders_positive', sql`amount > 0 and max_profit >= 0`)
        .addCheckConstraint(
          'product_orders_profit_bounded',
          sql`profit >= 0 and profit <= max_profit`,
        )
        .addCheckConstraint('product_orders_status_known', sql`status in (0, 1)`)
        .addCheckConstraint(
          'product_orders_end_reason',
          sql`(status = 0 and end_reason is null) or (status = 1 and end_reason in ('user', 'deadline'))`,
        )
        .execute()
      await db.schema
        .createIndex('product_orders_open')
        .on('product_orders')
        .columns(['status', 'product_id'])
        .execute()
      await db.schema
        .createIndex('product_orders_user')
        .on('product_orders')
        .columns(['user_id', 'status'])
        .execute()

      await db.schema
        .createTable('product_accruals')
        .addColumn('id', ...idColumn(kind))
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('product_orders.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('accrual_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('product_accruals_amount', sql`amount >= 0`)
        .addUniqueConstraint('product_accruals_once', ['order_id', 'day'])
        .execute()
    },
  }
}
