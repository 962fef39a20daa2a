import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Day trading: the users' participations (funds frozen while submitted, in the `intraday` book
 * while applied or trading, settled back when traded), their open positions (one row per code,
 * shares signed: long > 0, short < 0, with the signed entry notional) and every fill, the forced
 * close at the market's close among them. Amounts and prices are BIGINT 1/10,000 units; times are
 * epoch ms from the injected clock. At most one open participation per user and currency (a
 * partial unique index), so a user's `intraday` book belongs to one participation at a time.
 */
export function daytrade(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daytrade_participations')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('funds', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('opens_at', 'bigint')
        .addColumn('closes_at', 'bigint')
        .addColumn('pnl', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('fees', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('returned', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('settled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('daytrade_participations_funds', sql`funds > 0`)
        .addCheckConstraint('daytrade_participations_status', sql`status in (0, 1, 2, 3, 4)`)
        .addCheckConstraint(
          'daytrade_participations_returned',
          sql`returned is null or returned >= 0`,
        )
        .execute()
      // One open participation (submitted, trading, applied) per user and currency.
      await sql`create unique index daytrade_participations_open on daytrade_participations
        (user_id, currency) where status in (0, 1, 4)`.execute(db)
      await db.schema
        .createIndex('daytrade_participations_due')
        .on('daytrade_participations')
        .columns(['status', 'closes_at'])
        .execute()
      await db.schema
        .createIndex('daytrade_participations_user')
        .on('daytrade_participations')
        .columns(['user_id', 'currency'])
        .execute()

      await db.schema
        .createTable('daytrade_positions')
        .addColumn('participation_id', 'bigint', (c) =>
          c.notNull().references('daytrade_participations.id'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('qty', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('daytrade_positions_pk', ['participation_id', 'code'])
        .execute()

      await db.schema
        .createTable('daytrade_fills')
        .addColumn('id', ...idColumn(kind))
        .addColumn('participation_id', 'bigint', (c) =>
          c.notNull().references('daytrade_participations.id'),
        )
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('num', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('realised', 'bigint', (c) => c.notNull())
        .addColumn('forced', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('daytrade_fills_side', sql`side in ('buy', 'sell')`)
        .addCheckConstraint('daytrade_fills_positive', sql`num > 0 and price > 0 and fee >= 0`)
        .execute()
      await db.schema
        .createIndex('daytrade_fills_participation')
        .on('daytrade_fills')
        .columns(['participation_id', 'id'])
        .execute()
    },
  }
}
