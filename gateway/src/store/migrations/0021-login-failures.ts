import type { Kysely, Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Failed logins by account and address, for the login throttle (broker/auth/login-throttle.ts):
 * counted per account and per (account, address) in the store, so every gateway sees the same
 * count. The account is kept as typed, lower-cased: guesses at accounts that do not exist count too.
 */
export function loginFailures(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_failures')
        .addColumn('id', ...idColumn(kind))
        .addColumn('account_key', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('login_failures_account')
        .on('login_failures')
        .columns(['account_key', 'at'])
        .execute()
    },
  }
}
