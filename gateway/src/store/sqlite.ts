import { closeSync, fdatasync, mkdirSync, openSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Checkpointer } from './sqlite-checkpointer'
import { GroupCommitSqliteDialect } from './sqlite-group-commit'

/** The embedded store's file inside DATA_DIR. */
export const SQLITE_FILE = 'kabu.sqlite'

/**
 * One better-sqlite3 connection (the driver serialises queries on it, so it is the single writer the
 * design asks for; its transactions commit in groups, sqlite-group-commit.ts). WAL lets readers run
 * beside the writer. Every commit is durable, even on power loss, before anyone is answered: the
 * driver flushes the log itself (`WriteAheadLog`) beside the event loop, so SQLite's own flush at each
 * COMMIT (`synchronous=FULL`) is not needed; NORMAL still flushes at every checkpoint. `safeIntegers` makes
 * every INTEGER a bigint: money never passes through a float, and PostgreSQL's BIGINT is parsed the
 * same way (postgres.ts), so services see one type from both stores.
 */
export function openSqlite(dataDir: string): {
  dialect: GroupCommitSqliteDialect
  file: string
  checkpointer: Checkpointer
  /** The one connection, once the first query has opened it. */
  writer: () => SqliteDatabase.Database | undefined
} {
  const file = path.join(dataDir, SQLITE_FILE)
  const log = new WriteAheadLog(`${file}-wal`)
  let writer: SqliteDatabase.Database | undefined
  // SQLite's default: a checkpoint in the COMMIT that takes the log past 1,000 pages.
  const checkpointer = new Checkpointer(file, (on) =>
    writer?.pragma(`wal_autocheckpoint = ${on ? 1_000 : 0}`),
  )
  // The file is opened on the first query (start() migrating), not when the app is composed.
  const open = async () => {
    mkdirSync(dataDir, { recursive: true })
    const database = new SqliteDatabase(file)
    writer = database
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = NORMAL')
    database.pragma('foreign_keys = ON')
    // SQLite's default page cache is 2 MB: a transaction touching a few hundred thousand rows (an
    // IPO draw's refunds) then spills dirty pages to the WAL before its commit and reads its
    // indexes back from the file. 64 MB holds such a working set; memory is only used as needed.
    database.pragma('cache_size = -65536')
    database.pragma('temp_store = MEMORY')
    // A second process (a CLI, a backup) may hold the lock briefly: wait instead of failing.
    database.pragma('busy_timeout = 5000')
    database.defaultSafeIntegers(true)
    const statements = reusingStatements(database)
    return {
      ...statements,
      close: async () => {
        await checkpointer.close()
        statements.close()
        log.close()
      },
    }
  }
  const flush = async () => {
    await log.flush()
    checkpointer.flushed()
  }
  return {
    dialect: new GroupCommitSqliteDialect(open, flush),
    file,
    checkpointer,
    writer: () => writer,
  }
}

/**
 * The write-ahead log's fdatasync, in libuv's thread pool: every COMMIT before it is then on disk.
 * The log is opened at its first flush and kept open: opening and closing it around each flush took
 * the event loop more time than the flush's own call (orders-profile.ts). SQLite deletes the log only when its last connection
 * closes (it truncates and rewrites it in place otherwise), and the store's connection stays open
 * until `close`, so the descriptor is always of the log SQLite writes now.
 */
class WriteAheadLog {
  #fd: number | undefined
  #flushing: Promise<void> | undefined
  #closed = false
  constructor(private readonly file: string) {}

  flush(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the SQLite log is closed'))
    let fd: number
    try {
      fd = this.#fd ??= openSync(this.file, 'r')
    } catch (error) {
      // A rejection, as an async open's was: the driver's flush loop expects a promise.
      return Promise.reject(error as Error)
    }
    const flushing = new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    ).finally(() => {
      if (this.#flushing === flushing) this.#flushing = undefined
    })
    this.#flushing = flushing
    return flushing
  }

  /** After the flush in flight, if any: its descriptor must not be closed (and reused) under it. */
  close(): void {
    this.#closed = true
    const fd = this.#fd
    if (fd === undefined) return
    this.#fd = undefined
    const closeFd = () => closeSync(fd)
    if (this.#flushing) void this.#flushing.then(closeFd, closeFd)
    else closeFd()
  }
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
    close: () => {
      database.close()
    },
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
