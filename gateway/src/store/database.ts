import { Kysely } from 'kysely'
import type { Database } from './schema'
import { openPostgres } from './postgres'
import { openSqlite } from './sqlite'
import { followSessionNotices, type SqliteSessionNotices } from './sqlite-notices'

export type StoreKind = 'sqlite' | 'postgres'

export interface Store {
  db: Kysely<Database>
  kind: StoreKind
  /** Where the data lives, for the start banner (the SQLite file, or the PostgreSQL host). */
  location: string
  /**
   * SQLite: calls `notice` with a user's id when something deciding whether their session is live
   * changes on this connection (sqlite-notices.ts). Once the store is open (after the migrations).
   * PostgreSQL's notices come over LISTEN (postgres.ts followNotices).
   */
  followSessions?(notice: (userId: bigint) => void): SqliteSessionNotices
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
  const { dialect, file, writer } = openSqlite(options.dataDir)
  const db = new Kysely<Database>({ dialect })
  return {
    db,
    kind: 'sqlite',
    location: file,
    followSessions: (notice) => {
      const connection = writer()
      if (!connection) throw new Error('the SQLite store is not open yet: migrate first')
      return followSessionNotices(connection, notice)
    },
    close: () => db.destroy(),
  }
}
