import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

// Written out rather than imported: a shipped migration must not change when the list grows.
const CURRENCY_CHECK = sql`currency in ('CNY','USD','JPY','HKD','TWD','THB','VND','MYR','KRW')`
const APPEND_ONLY = ['ledger_transactions', 'ledger_entries'] as const

/**
 * Ledger rows are evidence: once written they are never updated or deleted, whoever connects.
 * The database itself refuses, so no code path (or hand-typed SQL) can rewrite history.
 */
async function forbidRewrites(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  if (kind === 'sqlite') {
    for (const table of APPEND_ONLY) {
      for (const verb of ['update', 'delete'] as const) {
        await sql
          .raw(
            `create trigger ${table}_no_${verb} before ${verb} on ${table}
             begin select raise(abort, 'ledger rows are append-only'); end`,
          )
          .execute(db)
      }
    }
    return
  }
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception 'ledger rows are append-only'; end $$`.execute(db)
  for (const table of APPEND_ONLY) {
    await sql
      .raw(
        `create trigger ${table}_no_rewrite before update or delete on ${table}
         for each row execute function ledger_append_only()`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${table}_no_truncate before truncate on ${table}
         for each statement execute function ledger_append_only()`,
      )
      .execute(db)
  }
}

/**
 * The double-entry ledger: accounts (user books and house books per currency), transactions,
 * entries with the balance after each, and the idempotency keys of money commands.
 */
export function ledger(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_accounts')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ledger_accounts_currency_known', CURRENCY_CHECK)
        .addCheckConstraint(
          'ledger_accounts_book_known',
          sql`(user_id is not null and book in ('available','frozen','borrowed'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans'))`,
        )
        // The last line of defence behind the guarded UPDATE: a user's book never goes negative.
        .addCheckConstraint(
          'ledger_accounts_user_not_negative',
          sql`user_id is null or balance >= 0`,
        )
        .execute()
      // NULLs are distinct in a unique index on both stores, so user and house accounts each get
      // a partial index; ON CONFLICT DO NOTHING then makes lazy creation race-safe.
      await db.schema
        .createIndex('ledger_accounts_user_unique')
        .on('ledger_accounts')
        .columns(['user_id', 'book', 'currency'])
        .unique()
        .where(sql.ref('user_id'), 'is not', null)
        .execute()
      await db.schema
        .createIndex('ledger_accounts_house_unique')
        .on('ledger_accounts')
        .columns(['book', 'currency'])
        .unique()
        .where(sql.ref('user_id'), 'is', null)
        .execute()

      await db.schema
        .createTable('ledger_transactions')
        .addColumn('id', ...idColumn(kind))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('ledger_transactions_user')
        .on('ledger_transactions')
        .column('user_id')
        .execute()

      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', ...idColumn(kind))
        .addColumn('tx_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
        .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ledger_entries_amount_nonzero', sql`amount <> 0`)
        .execute()
      await db.schema
        .createIndex('ledger_entries_account')
        .on('ledger_entries')
        .columns(['account_id', 'id'])
        .execute()
      await db.schema
        .createIndex('ledger_entries_tx')
        .on('ledger_entries')
        .column('tx_id')
        .execute()

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('idem', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'idem'])
        .execute()

      await forbidRewrites(db, kind)
    },
  }
}
