import { sql, type Kysely } from 'kysely'
import type { StoreKind } from '../database'

/** A CHECK constraint whose text `from` becomes `to` (a list of allowed values grown). */
export interface WidenedCheck {
  table: string
  /** Its name on PostgreSQL (SQLite's checks are unnamed: found by their text). */
  constraint: string
  from: string
  to: string
}

/**
 * Widens a CHECK constraint in place. PostgreSQL drops and adds it. SQLite cannot change one, and
 * its defensive mode (on in better-sqlite3) forbids editing sqlite_schema, so the table is
 * rebuilt (rewriteSqliteTable).
 */
export async function widenCheck(
  db: Kysely<unknown>,
  kind: StoreKind,
  { table, constraint, from, to }: WidenedCheck,
): Promise<void> {
  if (kind === 'postgres') {
    await sql.raw(`alter table ${table} drop constraint ${constraint}`).execute(db)
    await sql.raw(`alter table ${table} add constraint ${constraint} check (${to})`).execute(db)
    return
  }
  await rewriteSqliteTable(db, table, from, to)
}

/**
 * Rewrites an SQLite table's definition, `from` becoming `to` in its CREATE TABLE text (a CHECK
 * widened, a UNIQUE constraint over more columns), by rebuilding it: foreign keys off outside the
 * transaction; a new table with the same rows and ids, the old one dropped, the new one renamed,
 * its indexes remade, the foreign keys checked.
 */
export async function rewriteSqliteTable(
  db: Kysely<unknown>,
  table: string,
  from: string,
  to: string,
): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ type: string; sql: string }>`
        select type, sql from sqlite_schema where tbl_name = ${table} and sql is not null
      `.execute(trx)
      const created = rows.find((r) => r.type === 'table')?.sql
      if (!created?.includes(from)) throw new Error(`${table} has an unexpected shape`)
      const renamed = created
        .replace(from, to)
        .replace(new RegExp(`^CREATE TABLE "?${table}"?`, 'i'), `create table "${table}_new"`)
      await sql.raw(renamed).execute(trx)
      await sql.raw(`insert into ${table}_new select * from ${table}`).execute(trx)
      await sql.raw(`drop table ${table}`).execute(trx)
      await sql.raw(`alter table ${table}_new rename to ${table}`).execute(trx)
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
