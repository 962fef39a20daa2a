import { sql, type Kysely, type Migration } from 'kysely'

/**
 * A house book (bank_clearing, fees, ...) becomes several rows per currency, its shards: every
 * order moves the house books, and with one row each, concurrent orders on PostgreSQL queued on
 * that row's lock until commit. A book's balance is the sum of its shards. Existing rows are
 * shard 0; user books have only shard 0 (their unique index stays user, book, currency).
 */
export function houseShards(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('ledger_accounts')
        .addColumn('shard', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`shard >= 0 and (shard = 0 or user_id is null)`),
        )
        .execute()
      await db.schema.dropIndex('ledger_accounts_house_unique').execute()
      await db.schema
        .createIndex('ledger_accounts_house_unique')
        .on('ledger_accounts')
        .columns(['book', 'currency', 'shard'])
        .unique()
        .where(sql.ref('user_id'), 'is', null)
        .execute()
    },
  }
}
