import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Block trades (立会外分売): the offers (the simulator's, keyed by `sim_key` so each is written
 * once, and the back office's) and the users' requests, which wait for review with their cash
 * frozen. Prices and amounts are BIGINT 1/10,000 units; quantities are shares; times are epoch ms
 * from the injected clock.
 */
export function block(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('block_offers')
        .addColumn('id', ...idColumn(kind))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('prev_close', 'bigint', (c) => c.notNull())
        .addColumn('lot', 'bigint', (c) => c.notNull())
        .addColumn('lots', 'bigint', (c) => c.notNull())
        .addColumn('min_lots', 'bigint', (c) => c.notNull())
        .addColumn('max_lots', 'bigint', (c) => c.notNull())
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .addColumn('closes_at', 'bigint', (c) => c.notNull())
        .addColumn('simulated', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('sim_key', 'text', (c) => c.unique())
        .addColumn('allocated_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('block_offers_positive', sql`price > 0 and lot > 0 and lots > 0`)
        .addCheckConstraint(
          'block_offers_limits',
          sql`min_lots >= 1 and min_lots <= max_lots and max_lots <= lots`,
        )
        .addCheckConstraint('block_offers_window', sql`opens_at < closes_at`)
        .execute()
      await db.schema
        .createIndex('block_offers_window')
        .on('block_offers')
        .columns(['market', 'closes_at'])
        .execute()

      await db.schema
        .createTable('block_orders')
        .addColumn('id', ...idColumn(kind))
        .addColumn('offer_id', 'bigint', (c) => c.notNull().references('block_offers.id'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('num', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('allocated', 'bigint')
        .addColumn('holding_id', 'bigint')
        .addColumn('reason', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('block_orders_positive', sql`num > 0 and price > 0 and amount > 0`)
        .addCheckConstraint('block_orders_status_known', sql`status in (0, 1, 2)`)
        .addCheckConstraint(
          'block_orders_allocated_sane',
          sql`allocated is null or (allocated >= 0 and allocated <= num)`,
        )
        .execute()
      await db.schema
        .createIndex('block_orders_offer')
        .on('block_orders')
        .columns(['offer_id', 'status'])
        .execute()
      await db.schema
        .createIndex('block_orders_user')
        .on('block_orders')
        .columns(['user_id', 'status'])
        .execute()
    },
  }
}
