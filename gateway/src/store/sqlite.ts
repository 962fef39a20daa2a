import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { GroupCommitSqliteDialect } from './sqlite-group-commit'

/** The embedded store's file inside DATA_DIR. */
export const SQLITE_FILE = 'kabu.sqlite'

/**
 * One better-sqlite3 connection (the driver serialises queries on it, so it is the single writer the
 * design asks for; its transactions commit in groups, sqlite-group-commit.ts). WAL lets readers run beside the writer; `synchronous=FULL` makes every commit
 * durable even on power loss, which is what kept the kill -9 runs lossless. `safeIntegers` makes
 * every INTEGER a bigint: money never passes through a float, and PostgreSQL's BIGINT is parsed the
 * same way (postgres.ts), so services see one type from both stores.
 */
export function openSqlite(dataDir: string): { dialect: GroupCommitSqliteDialect; file: string } {
  const file = path.join(dataDir, SQLITE_FILE)
  // The file is opened on the first query (start() migrating), not when the app is composed.
  const open = async () => {
    mkdirSync(dataDir, { recursive: true })
    const database = new SqliteDatabase(file)
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = FULL')
    database.pragma('foreign_keys = ON')
    // SQLite's default page cache is 2 MB: a transaction touching a few hundred thousand rows (an
    // IPO draw's refunds) then spills dirty pages to the WAL before its commit and reads its
    // indexes back from the file. 64 MB holds such a working set; memory is only used as needed.
    database.pragma('cache_size = -65536')
    database.pragma('temp_store = MEMORY')
    // A second process (a CLI, a backup) may hold the lock briefly: wait instead of failing.
    database.pragma('busy_timeout = 5000')
    database.defaultSafeIntegers(true)
    return reusingStatements(database)
  }
  return { dialect: new GroupCommitSqliteDialect(open), file }
}

/** Compiled statements kept per connection: the texts a gateway runs are a few hundred shapes. */
const STATEMENTS_KEPT = 2_000

/**
 * The connection as Kysely uses it (prepare, close), compiling each SQL text once: Kysely prepares
 * every query it runs, and compiling them again was a tenth of the gateway's CPU per order. The
 * oldest text goes first past STATEMENTS_KEPT (lists of ids make texts of their own).
 * A statement still being iterated (a streamed select) is busy: the same text then gets a fresh
 * one, as better-sqlite3 refuses to run a busy statement.
 */
export function reusingStatements(database: SqliteDatabase.Database) {
  const kept = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      const statement = kept.get(sql)
      if (statement && !statement.busy) return statement
      const fresh = database.prepare(sql)
      if (!statement) kept.set(sql, fresh)
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string)
      return fresh
    },
  }
}
