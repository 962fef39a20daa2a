import { Kysely } from 'kysely'
import type { Database } from './schema'
import { openPostgres } from './postgres'
import { openSqlite } from './sqlite'

export type StoreKind = 'sqlite' | 'postgres'

export interface Store {
  db: Kysely<Database>
  kind: StoreKind
  /** Where the data lives, for the start banner (the SQLite file, or the PostgreSQL host). */
  location: string
  close(): Promise<void>
}

/**
 * Opens the store the settings ask for: PostgreSQL when a URL is given (several gateways can share
 * it), else the embedded SQLite file in `dataDir`. Nothing is queried yet; migrations run in start().
 * `idleError` hears a PostgreSQL connection lost while idle in the pool (the pool replaces it).
 */
export function openStore(options: {
  databaseUrl?: string | undefined
  dataDir: string
  idleError?: (error: Error) => void
}): Store {
  if (options.databaseUrl) {
    const { dialect } = openPostgres(options.databaseUrl, options.idleError)
    const db = new Kysely<Database>({ dialect })
    const url = new URL(options.databaseUrl)
    return {
      db,
      kind: 'postgres',
      location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    }
  }
  const { dialect, file } = openSqlite(options.dataDir)
  const db = new Kysely<Database>({ dialect })
  return { db, kind: 'sqlite', location: file, close: () => db.destroy() }
}
