import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Users, their sessions and operator settings. Every integer is BIGINT (see schema.ts); times are
 * epoch milliseconds from the injected clock, never the database's own clock.
 */
export function accounts(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', ...idColumn(kind))
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('inviter_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('trading_barred', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credit_score', 'bigint', (c) => c.notNull().defaultTo(100))
        .addColumn('fund_password_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('users_status_known', sql`status in ('active', 'frozen', 'banned')`)
        .addCheckConstraint('users_trading_barred_flag', sql`trading_barred in (0, 1)`)
        .execute()
      // Accounts are unique regardless of case, so `Taro1` cannot shadow `taro1` at login.
      await db.schema
        .createIndex('users_account_unique')
        .on('users')
        .unique()
        .expression(sql`lower(account)`)
        .execute()

      await db.schema
        .createTable('sessions')
        .addColumn('id', ...idColumn(kind))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
