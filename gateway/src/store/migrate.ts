import { Migrator, sql } from 'kysely'
import type { Store } from './database'
import { migrationProvider } from './migrations/index'

// Kysely looks for its bookkeeping tables in every schema unless told one; on a PostgreSQL shared
// by several schemas (tests, or a tenant next door) it would find another schema's table and skip
// creating its own. The schema the connection works in (search_path) is the right one.
async function currentSchema(store: Store): Promise<string | undefined> {
  if (store.kind !== 'postgres') return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    store.db,
  )
  return rows[0]?.schema
}

/**
 * Brings the schema to the latest migration. Kysely's migrator takes a lock table, so several
 * gateways starting together against one PostgreSQL apply each migration exactly once.
 */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    migrationTableSchema: await currentSchema(store),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'bookkeeping'
    throw new Error(`migration ${failed} failed`, { cause: error })
  }
  return (results ?? []).map((r) => r.migrationName)
}
