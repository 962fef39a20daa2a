import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Orders apart from holdings (issue 35, API.md "Orders"): an order is what the user asked for and
 * how much of it has filled; what filled is a holding. Prices are integer units as everywhere; a
 * stop's trigger is `trigger_price` (TRIGGER is an SQL keyword), a trailing stop's best price so
 * far is kept so that its trigger survives a restart. Each fill is a row of `order_fills`.
 */
export function orders(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('market', 'limit', 'stop', 'stop_limit', 'trailing')`),
        )
        .addColumn('price', 'bigint')
        .addColumn('trigger_price', 'bigint')
        .addColumn('trail', 'bigint')
        .addColumn('best_price', 'bigint')
        .addColumn('num', 'bigint', (c) => c.notNull().check(sql`num > 0`))
        .addColumn('filled_num', 'bigint', (c) => c.notNull().defaultTo(0))
        /** Σ price × shares of the fills: the average price without rounding on the way. */
        .addColumn('filled_value', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`status in ('waiting', 'open', 'partial', 'filled', 'cancelled', 'expired', 'refused')`,
            ),
        )
        .addColumn('refusal', 'text')
        .addColumn('validity', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('group_kind', 'text', (c) =>
          c.check(sql`group_kind in ('oco', 'ifd', 'ifdoco')`),
        )
        .addColumn('group_id', 'bigint')
        .addColumn('parent_id', 'bigint')
        .addColumn('leverage', 'bigint', (c) => c.notNull().defaultTo(1))
        .addColumn('account', 'text', (c) =>
          c
            .notNull()
            .defaultTo('taxable')
            .check(sql`account in ('taxable', 'nisa')`),
        )
        /** A sell's holding; a buy's holding once something filled. */
        .addColumn('holding_id', 'bigint')
        /** Cash still frozen for what a buy has not filled. */
        .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('orders_filled_within', sql`filled_num >= 0 and filled_num <= num`)
        .execute()
      await db.schema
        .createIndex('orders_user')
        .on('orders')
        .columns(['user_id', 'status'])
        .execute()
      // The matcher reads the working orders of the codes that printed; the lapse job by expiry.
      await db.schema.createIndex('orders_code').on('orders').columns(['code', 'status']).execute()
      await db.schema
        .createIndex('orders_expiry')
        .on('orders')
        .columns(['status', 'expires_at'])
        .execute()
      await db.schema
        .createTable('order_fills')
        .addColumn('id', ...idColumn(kind))
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('num', 'bigint', (c) => c.notNull().check(sql`num > 0`))
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('order_fills_order')
        .on('order_fills')
        .column('order_id')
        .execute()
    },
  }
}
