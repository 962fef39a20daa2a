import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_STATUSES = `status in (1, 2, 3, 4, 5, 6)`
/** 7 lapsed: won and left unpaid past the payment deadline (the deadline job's, never the user's). */
const NEW_STATUSES = `status in (1, 2, 3, 4, 5, 6, 7)`

/**
 * SQLite cannot change a CHECK in place: `ipo_applications` is rebuilt as 0015 rebuilt
 * ledger_accounts (foreign keys off outside the transaction; a new table with the same rows and
 * ids, the old one dropped, the new one renamed, its indexes remade, the foreign keys checked).
 */
async function widenStatusesSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ type: string; sql: string }>`
        select type, sql from sqlite_schema where tbl_name = 'ipo_applications' and sql is not null
      `.execute(trx)
      const table = rows.find((r) => r.type === 'table')?.sql
      if (!table?.includes(OLD_STATUSES))
        throw new Error('ipo_applications has an unexpected shape')
      const created = table
        .replace(OLD_STATUSES, NEW_STATUSES)
        .replace(/^CREATE TABLE "?ipo_applications"?/i, 'create table "ipo_applications_new"')
      await sql.raw(created).execute(trx)
      await sql`insert into ipo_applications_new select * from ipo_applications`.execute(trx)
      await sql`drop table ipo_applications`.execute(trx)
      await sql`alter table ipo_applications_new rename to ipo_applications`.execute(trx)
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

/**
 * Status 7 (lapsed): a won application left unpaid past its payment deadline was recorded as 6
 * (waived), as if the user had declined it. A user can waive only up to the deadline
 * (broker/ipo/service.ts), so a waiver settled after it was the deadline job's: it becomes 7.
 */
export function ipoLapsed(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') await widenStatusesSqlite(db)
      else {
        await sql`alter table ipo_applications drop constraint ipo_applications_status_known`.execute(
          db,
        )
        await sql
          .raw(
            `alter table ipo_applications add constraint ipo_applications_status_known check (${NEW_STATUSES})`,
          )
          .execute(db)
      }
      await sql`update ipo_applications set status = 7
        where status = 6 and settled_at > (
          select pay_deadline from ipo_offers where ipo_offers.id = ipo_applications.offer_id
        )`.execute(db)
    },
  }
}
