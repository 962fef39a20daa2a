import {
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely'
import { FifoLock } from './fifo-lock'

/** What the driver needs of a better-sqlite3 connection (sqlite.ts reusingStatements gives it). */
export interface SqliteStatements {
  prepare(sql: string): {
    reader: boolean
    all(parameters: readonly unknown[]): unknown[]
    run(parameters: readonly unknown[]): {
      changes: number | bigint
      lastInsertRowid: number | bigint
    }
    iterate(parameters: readonly unknown[]): IterableIterator<unknown>
  }
  close(): void | Promise<void>
}

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * One use of the connection, from acquire to release: Kysely hands it back to the driver, so each
 * knows whether its transaction already gave the lock up at its commit.
 */
class Handle implements DatabaseConnection {
  released = false
  inTransaction = false
  /** Queries and transactions run on it: more than one transaction alone means it is pinned. */
  used = 0
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query)
  }
  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(query)
  }
}

/**
 * Makes every COMMIT so far durable: the write-ahead log's fdatasync, in libuv's thread pool
 * (sqlite.ts). Injected so the tests can hold a flush back.
 */
export type Flush = () => Promise<void>

/**
 * Kysely's SQLite driver with group commit and the disk's flush off the event loop.
 *
 * A business transaction runs as a savepoint inside an open transaction and gives the lock up at
 * once; the COMMIT runs when the transactions queued meanwhile have had their turn. SQLite runs
 * with `synchronous=NORMAL`, so that COMMIT writes the log without waiting for the disk (with FULL,
 * better-sqlite3 waited for the flush on the event loop, 1–2 ms a COMMIT, which nothing else could
 * use). The flush is `flush`, run beside the event loop, one at a time, each covering every COMMIT
 * before it; only then does each member's commit resolve. So nobody is answered before the disk
 * holds their change, and a crash or power loss loses only unanswered ones, as with FULL. A member
 * that fails rolls back to its savepoint, leaving the others. Reads may see a member's change
 * before it is durable (the same connection).
 */
export class GroupCommitDriver implements Driver {
  #open: () => Promise<SqliteStatements>
  #flush: Flush
  #db: SqliteStatements | undefined
  /** Members committed whose flush has not begun; and whether one is running. */
  #unflushed: Waiter[] = []
  #flushing = false
  #lock = new FifoLock()
  /** The members of the transaction open now, waiting for its COMMIT. */
  #members: Waiter[] | undefined
  #committing = false
  /** COMMITs and flushes run, for the tests and the load figures. */
  commits = 0
  flushes = 0

  constructor(open: () => Promise<SqliteStatements>, flush: Flush) {
    this.#open = open
    this.#flush = flush
  }

  async init(): Promise<void> {
    this.#db = await this.#open()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire()
    return new Handle(this)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    ;(connection as Handle).used++
    if (!this.#members) {
      this.#run('begin immediate')
      this.#members = []
    }
    this.#run('savepoint member')
    ;(connection as Handle).inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle
    this.#run('release member')
    handle.inTransaction = false
    // A connection pinned for several steps (Kysely's migrator) keeps the lock: commit now.
    if (handle.used > 1) await this.#commitNow()
    else await this.#durable(handle)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Kysely rolls back after a failed commit too: the group's COMMIT or flush has answered it.
    if (!(connection as Handle).inTransaction) return
    this.#run('rollback to member')
    this.#run('release member')
    ;(connection as Handle).inTransaction = false
  }

  async savepoint(): Promise<void> {
    throw new Error('nested savepoints are not used on SQLite')
  }

  async rollbackToSavepoint(): Promise<void> {
    throw new Error('nested savepoints are not used on SQLite')
  }

  async releaseSavepoint(): Promise<void> {
    throw new Error('nested savepoints are not used on SQLite')
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle
    if (handle.released) return
    handle.released = true
    this.#lock.release()
    this.#scheduleCommit()
  }

  async destroy(): Promise<void> {
    await this.#db?.close()
  }

  async execute<R>(handle: Handle, query: CompiledQuery): Promise<QueryResult<R>> {
    if (!handle.inTransaction) handle.used++
    const statement = this.#statements().prepare(query.sql)
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] }
    const { changes, lastInsertRowid } = statement.run(query.parameters)
    const result = {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [] as R[],
    }
    // A write on its own (while a group is open, it joined it) is answered once it is durable.
    if (!handle.inTransaction) await this.#commitNow()
    return result
  }

  async *stream<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('only selects are streamed on SQLite')
    for (const row of this.#statements().prepare(query.sql).iterate(query.parameters)) {
      yield { rows: [row as R] }
    }
  }

  /** Gives the lock up and waits for the COMMIT of the group `handle`'s change joined. */
  #durable(handle: Handle): Promise<void> {
    const members = this.#members as Waiter[]
    const done = new Promise<void>((resolve, reject) => members.push({ resolve, reject }))
    void this.releaseConnection(handle)
    return done
  }

  /** COMMITs the open group (if any) with what was written alone, and waits for their flush. */
  #commitNow(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.#members) {
        this.#members.push({ resolve, reject })
        this.#commitGroup()
      } else {
        // No group open: SQLite committed the write itself.
        this.#unflushed.push({ resolve, reject })
        this.#flushNext()
      }
    })
  }

  /** Queues the group's COMMIT behind the transactions already waiting for the lock. */
  #scheduleCommit(): void {
    if (!this.#members || this.#committing) return
    this.#committing = true
    // After the turn of the event loop: the requests in flight reach their own commits first.
    setImmediate(() => {
      void this.#lock.acquire().then(() => {
        this.#committing = false
        try {
          this.#commitGroup()
        } catch {
          // Its members were told (rejected); the committer has no caller of its own.
        } finally {
          this.#lock.release()
        }
      })
    })
  }

  /**
   * COMMITs the open group, if any, under the lock its caller holds, and answers its members. A
   * COMMIT that fails (the disk full) may have rolled back already; none of them held.
   */
  #commitGroup(): void {
    const members = this.#members
    if (!members) return
    this.#members = undefined
    try {
      this.#run('commit')
      this.commits++
    } catch (error) {
      this.#rollbackIfOpen()
      for (const m of members) m.reject(error)
      throw error
    }
    this.#unflushed.push(...members)
    this.#flushNext()
  }

  /** One flush at a time; the members committed while one runs wait for the next. */
  #flushNext(): void {
    if (this.#flushing || this.#unflushed.length === 0) return
    const members = this.#unflushed
    this.#unflushed = []
    this.#flushing = true
    this.flushes++
    this.#flush().then(
      () => {
        this.#flushing = false
        for (const m of members) m.resolve()
        this.#flushNext()
      },
      (error: unknown) => {
        // The disk refused: their COMMIT may not survive a crash, so none of them is answered ok.
        this.#flushing = false
        for (const m of members) m.reject(error)
        this.#flushNext()
      },
    )
  }

  #rollbackIfOpen(): void {
    try {
      this.#run('rollback')
    } catch {
      // No transaction was open any more: SQLite ended it with the failed COMMIT.
    }
  }

  #run(sql: string): void {
    this.#statements().prepare(sql).run([])
  }

  #statements(): SqliteStatements {
    if (!this.#db) throw new Error('the SQLite driver is not initialised')
    return this.#db
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitDriver
  constructor(open: () => Promise<SqliteStatements>, flush: Flush) {
    this.driver = new GroupCommitDriver(open, flush)
  }
  createDriver(): Driver {
    return this.driver
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler()
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter()
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db)
  }
}
