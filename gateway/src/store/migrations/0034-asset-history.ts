import type { Kysely, Migration } from 'kysely'

/**
 * Net assets at each market close (issue 36): one row per user, wallet currency and close, the
 * key making the close job idempotent across restarts and leaders. Net deposits are read from the
 * ledger's deposit, withdrawal and exchange transactions, found by kind.
 */
export function assetHistory(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('asset_history')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('net_assets', 'bigint', (c) => c.notNull())
        .addColumn('net_deposits', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('asset_history_pk', ['user_id', 'currency', 'date'])
        .execute()
      await db.schema
        .createIndex('ledger_transactions_kind')
        .on('ledger_transactions')
        .column('kind')
        .execute()
    },
  }
}
