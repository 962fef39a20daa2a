import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openSqlite, reusingStatements, SQLITE_FILE } from './sqlite'
import { GroupCommitSqliteDialect } from './sqlite-group-commit'

interface Tables {
  t: { n: number }
}

const opened: Array<{ db: Kysely<Tables>; dir: string }> = []
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
})

async function store() {
  const dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'))
  const { dialect } = openSqlite(dir)
  const db = new Kysely<Tables>({ dialect })
  opened.push({ db, dir })
  await sql`create table t (n integer not null unique)`.execute(db)
  // Another connection to the same file sees only what is committed.
  const outside = new SqliteDatabase(path.join(dir, SQLITE_FILE), { readonly: true })
  const committed = () =>
    (outside.prepare('select n from t order by n').all() as Tables['t'][]).map((r) => r.n)
  return { db, driver: dialect.driver, committed, close: () => outside.close() }
}

const insert = (db: Kysely<Tables>, n: number) =>
  db.transaction().execute((trx) => trx.insertInto('t').values({ n }).execute())

describe('group commit on SQLite', () => {
  it('commits transactions that queue together in one COMMIT, each answered once it holds', async () => {
    const { db, driver, committed, close } = await store()
    const before = driver.commits
    const flushedBefore = driver.flushes
    const seen: number[][] = []
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => insert(db, n).then(() => seen.push(committed()))),
    )
    // Every answer came after its row was on disk for any other reader.
    seen.forEach((rows, i) => expect(rows.length).toBeGreaterThanOrEqual(i + 1))
    expect(committed()).toEqual([1, 2, 3, 4, 5, 6])
    expect(driver.commits - before).toBeLessThan(6)
    // Each answer waited for a flush of the log (sqlite.ts WriteAheadLog), at most one per COMMIT.
    expect(driver.flushes - flushedBefore).toBeGreaterThan(0)
    expect(driver.flushes - flushedBefore).toBeLessThanOrEqual(driver.commits - before)
    close()
  })

  it('rolls a failed transaction back alone, the others of its group kept', async () => {
    const { db, committed, close } = await store()
    const outcomes = await Promise.allSettled([insert(db, 1), insert(db, 1), insert(db, 2)])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(committed()).toEqual([1, 2])
    close()
  })

  it('commits at once on a connection pinned for several steps (the migrator)', async () => {
    const { db, committed, close } = await store()
    await db.connection().execute(async (pinned) => {
      await pinned.transaction().execute((trx) => trx.insertInto('t').values({ n: 1 }).execute())
      await pinned.transaction().execute((trx) => trx.insertInto('t').values({ n: 2 }).execute())
      expect(committed()).toEqual([1, 2])
    })
    // A write on its own commits with it too.
    await db.insertInto('t').values({ n: 3 }).execute()
    expect(committed()).toEqual([1, 2, 3])
    close()
  })
})

describe('the flush beside the event loop', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

  /** A store whose flushes wait until the test lets them go. */
  async function heldStore() {
    const dir = mkdtempSync(path.join(tmpdir(), 'group-flush-'))
    const held: Array<{ release: () => void; fail: (e: Error) => void }> = []
    const dialect = new GroupCommitSqliteDialect(
      async () => {
        const database = new SqliteDatabase(path.join(dir, SQLITE_FILE))
        database.pragma('journal_mode = WAL')
        return reusingStatements(database)
      },
      () => new Promise<void>((release, fail) => held.push({ release, fail })),
    )
    const db = new Kysely<Tables>({ dialect })
    opened.push({ db, dir })
    // A write on its own waits for its flush too.
    const created = sql`create table t (n integer not null unique)`.execute(db)
    await settle()
    held.shift()!.release()
    await created
    return { db, held }
  }

  it('answers nobody before the flush after their COMMIT, and all it covers after it', async () => {
    const { db, held } = await heldStore()
    let answered = 0
    const both = Promise.all([insert(db, 1), insert(db, 2)].map((p) => p.then(() => answered++)))
    await settle()
    expect(answered).toBe(0)
    expect(held).toHaveLength(1)
    held.shift()!.release()
    await both
    expect(answered).toBe(2)
  })

  it('answers a failed flush with its error, one flush at a time, the next for those after it', async () => {
    const { db, held } = await heldStore()
    const first = insert(db, 3)
    await settle()
    const second = insert(db, 4)
    await settle()
    expect(held).toHaveLength(1)
    held.shift()!.fail(new Error('EIO'))
    await expect(first).rejects.toThrow('EIO')
    await settle()
    expect(held).toHaveLength(1)
    held.shift()!.release()
    await expect(second).resolves.toBeDefined()
  })
})
