import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans'))`
/**
 * The books of the last product lines: a user's `product` (money in followed products, with their
 * accrued profit), `intraday` (the day-trading sub-account) and `credit` (what a credit buy owes);
 * the house's `credit` (the margin lending book, the other side of every user's `credit`).
 */
const NEW_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit'))`

/**
 * SQLite cannot change a CHECK constraint in place, and its defensive mode (on in better-sqlite3)
 * forbids editing the schema text, so the table is rebuilt as SQLite's ALTER TABLE page says:
 * foreign keys off (outside a transaction: SQLite ignores the pragma inside one), then in one
 * transaction a new table with the same rows and ids, the old one dropped, the new one renamed,
 * its indexes remade and the foreign keys checked, then foreign keys on again.
 */
async function rebuildSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ type: string; sql: string }>`
        select type, sql from sqlite_schema where tbl_name = 'ledger_accounts' and sql is not null
      `.execute(trx)
      const table = rows.find((r) => r.type === 'table')?.sql
      if (!table?.includes(OLD_BOOKS)) throw new Error('ledger_accounts has an unexpected shape')
      const created = table
        .replace(OLD_BOOKS, NEW_BOOKS)
        .replace(/^CREATE TABLE "?ledger_accounts"?/i, 'create table "ledger_accounts_new"')
      await sql.raw(created).execute(trx)
      await sql`insert into ledger_accounts_new select * from ledger_accounts`.execute(trx)
      await sql`drop table ledger_accounts`.execute(trx)
      await sql`alter table ledger_accounts_new rename to ledger_accounts`.execute(trx)
      for (const index of rows.filter((r) => r.type === 'index')) {
        await sql.raw(index.sql).execute(trx)
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx)
      if (broken.rows.length > 0) throw new Error('a foreign key lost its row')
    })
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

/** New user and house books for products, day trading and stock credit. */
export function ledgerBooks(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') return rebuildSqlite(db)
      await sql`alter table ledger_accounts drop constraint ledger_accounts_book_known`.execute(db)
      await sql
        .raw(
          `alter table ledger_accounts add constraint ledger_accounts_book_known check (${NEW_BOOKS})`,
        )
        .execute(db)
    },
  }
}
