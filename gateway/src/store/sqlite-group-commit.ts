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
  close(): void
}

/** Transactions committed together once those queued behind them have run (a lock's FIFO). */
class Lock {
  #held = false
  #waiting: Array<() => void> = []

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  release(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
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
 * Kysely's SQLite driver with group commit. With `synchronous=FULL` every COMMIT waits for the
 * disk, and better-sqlite3 waits on the event loop, so one order a commit made the disk's flush
 * rate the store's ceiling. Here a business transaction runs as a savepoint inside an open
 * transaction and gives the lock up at once; the COMMIT (one flush) runs when the transactions
 * queued meanwhile have had their turn, and only then does each member's commit resolve: nobody
 * is answered before the disk holds their change, and a crash loses only unanswered ones. A
 * member that fails rolls back to its savepoint, leaving the others. Reads outside a transaction
 * may see a member's change up to that flush before it is durable (the same connection).
 */
export class GroupCommitDriver implements Driver {
  #open: () => Promise<SqliteStatements>
  #db: SqliteStatements | undefined
  #lock = new Lock()
  /** The members of the transaction open now, waiting for its COMMIT. */
  #members: Waiter[] | undefined
  #committing = false
  /** COMMITs run, for the tests and the load figures. */
  commits = 0

  constructor(open: () => Promise<SqliteStatements>) {
    this.#open = open
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
    if (handle.used > 1) this.#commitGroup()
    else await this.#durable(handle)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
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
    this.#db?.close()
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
    // A write on its own while a group is open joined it: the group commits with it, now.
    if (!handle.inTransaction) this.#commitGroup()
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
    for (const m of members) m.resolve()
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
  constructor(open: () => Promise<SqliteStatements>) {
    this.driver = new GroupCommitDriver(open)
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
