import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Stock orders and the holdings they become (one row from order to close, so the status codes of
 * API.md move on one id), and the watchlist. Prices and amounts are BIGINT 1/10,000 units of the
 * market's currency; times are epoch ms from the injected clock.
 */
export function trading(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('holdings')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull())
        .addColumn('stock_num', 'bigint', (c) => c.notNull())
        .addColumn('limit_price', 'bigint')
        .addColumn('buy_price', 'bigint', (c) => c.notNull())
        .addColumn('buy_fee', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('buy_time', 'bigint')
        .addColumn('sell_price', 'bigint')
        .addColumn('sell_fee', 'bigint')
        .addColumn('realised', 'bigint')
        .addColumn('sell_time', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('holdings_status_known', sql`status in (0, 1, 2, 3, 4)`)
        .addCheckConstraint('holdings_positive', sql`stock_num > 0 and buy_price > 0`)
        .addCheckConstraint('holdings_frozen_sane', sql`frozen >= 0 and buy_fee >= 0`)
        .execute()
      await db.schema
        .createIndex('holdings_user')
        .on('holdings')
        .columns(['user_id', 'status', 'market'])
        .execute()
      // The matcher scans pending orders by code on every print.
      await db.schema
        .createIndex('holdings_pending')
        .on('holdings')
        .columns(['code', 'status'])
        .execute()

      await db.schema
        .createTable('watchlist')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'code'])
        .execute()
    },
  }
}
