import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * New shares (IPO): the offers (from the simulator's listing pipeline or the back office), with the
 * draw's secret seed and its published commitment, and the users' applications. Prices and amounts
 * are BIGINT 1/10,000 units of the offer's currency; times are epoch ms from the injected clock.
 */
export function ipo(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ipo_offers')
        .addColumn('id', ...idColumn(kind))
        // `sim:<market>:<slot>` for the simulator's offers (so a restart adds none twice); null for
        // an operator's.
        .addColumn('source_key', 'text', (c) => c.unique())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('name_ja', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('lot', 'bigint', (c) => c.notNull())
        // Lots one account may apply for.
        .addColumn('user_limit_lots', 'bigint', (c) => c.notNull())
        .addColumn('lots_offered', 'bigint', (c) => c.notNull())
        .addColumn('subscribe_start', 'bigint', (c) => c.notNull())
        .addColumn('subscribe_end', 'bigint', (c) => c.notNull())
        .addColumn('lottery_at', 'bigint', (c) => c.notNull())
        .addColumn('pay_deadline', 'bigint', (c) => c.notNull())
        .addColumn('listing_at', 'bigint', (c) => c.notNull())
        .addColumn('underwriter', 'text', (c) => c.notNull())
        .addColumn('pe', 'text')
        .addColumn('summary_ja', 'text', (c) => c.notNull())
        .addColumn('summary_zh', 'text', (c) => c.notNull())
        .addColumn('summary_en', 'text', (c) => c.notNull())
        .addColumn('simulated', 'bigint', (c) => c.notNull().defaultTo(0))
        // Secret until drawn_at; the commitment (hex SHA-256 of it) is public from the start.
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('commitment', 'text', (c) => c.notNull())
        .addColumn('drawn_at', 'bigint')
        .addColumn('lots_asked', 'bigint')
        .addColumn('lots_won', 'bigint')
        .addColumn('listed_at', 'bigint')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ipo_offers_positive', sql`price > 0 and lot > 0 and lots_offered > 0`)
        .addCheckConstraint(
          'ipo_offers_dates_in_order',
          sql`subscribe_start < subscribe_end and subscribe_end <= lottery_at and lottery_at <= pay_deadline and pay_deadline <= listing_at`,
        )
        .execute()
      await db.schema
        .createIndex('ipo_offers_calendar')
        .on('ipo_offers')
        .columns(['market', 'subscribe_start'])
        .execute()

      await db.schema
        .createTable('ipo_applications')
        .addColumn('id', ...idColumn(kind))
        .addColumn('offer_id', 'bigint', (c) => c.notNull().references('ipo_offers.id'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        // The entry's public reference in the draw: random, so it names no account.
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('lots', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(1))
        .addColumn('won_lots', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('holding_id', 'bigint')
        .addColumn('drawn_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ipo_applications_one_per_user', ['offer_id', 'user_id'])
        .addUniqueConstraint('ipo_applications_ref', ['offer_id', 'ref'])
        .addCheckConstraint('ipo_applications_status_known', sql`status in (1, 2, 3, 4, 5, 6)`)
        .addCheckConstraint(
          'ipo_applications_lots_sane',
          sql`lots > 0 and amount > 0 and won_lots >= 0 and won_lots <= lots`,
        )
        .execute()
      await db.schema
        .createIndex('ipo_applications_user')
        .on('ipo_applications')
        .columns(['user_id', 'created_at'])
        .execute()
    },
  }
}
