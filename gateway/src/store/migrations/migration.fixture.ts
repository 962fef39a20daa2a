import { Migrator, sql, type Kysely } from 'kysely'
import { freshDatabase } from '../../../../tests/support/db'
import type { Store } from '../index'
import { migrationProvider } from './index'

export interface MigrationFixture {
  store: Store
  /** Untyped: a migration's test writes rows of the tables as they were before it. */
  db: Kysely<unknown>
  /**
   * A Migrator for stepping the database to a named migration. On PostgreSQL a test works in a
   * schema of its own, and Kysely's bookkeeping goes there too (as migrateToLatest keeps it), not
   * to a `public` another test may have taken.
   */
  migrator(): Promise<Migrator>
  close(): Promise<void>
}

/** A fresh database (SQLite, or PostgreSQL under TEST_DATABASE_URL) no migration has run on. */
export async function migrationFixture(): Promise<MigrationFixture> {
  const database = await freshDatabase()
  const store = database.openStore()
  const db = store.db as unknown as Kysely<unknown>
  return {
    store,
    db,
    async migrator() {
      let schema: string | undefined
      if (store.kind === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
          db,
        )
        schema = rows[0]?.schema
      }
      return new Migrator({
        db: store.db,
        provider: migrationProvider(store.kind),
        migrationTableSchema: schema,
      })
    },
    async close() {
      await store.close()
      await database.drop()
    },
  }
}

/** Whether `run` rejects: what a constraint refuses. */
export async function fails(run: () => Promise<unknown>): Promise<boolean> {
  return run().then(
    () => false,
    () => true,
  )
}
