import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSqlite } from './sqlite'
import { CHECKPOINT_RESTART_FRAMES } from './sqlite-checkpointer'

interface Tables {
  t: { n: number; pad: string }
}

const dirs: string[] = []
const WRITERS = 8
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('checkpoints on a worker thread (sqlite-checkpointer.ts)', () => {
  it('copies the log into the file beside the writer, starts it over, and ends with the store', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'checkpointer-'))
    dirs.push(dir)
    const { dialect, file, checkpointer } = openSqlite(dir)
    const db = new Kysely<Tables>({ dialect })
    await sql`create table t (n integer primary key, pad text not null)`.execute(db)
    const writerCheckpoints = async () =>
      (await sql<{ wal_autocheckpoint: bigint }>`pragma wal_autocheckpoint`.execute(db)).rows[0]
        ?.wal_autocheckpoint
    expect(await writerCheckpoints()).toBe(1000n)
    // Three log pages a row (it overflows two), from several writers at once: past the flushes
    // that start a store's worker, and twice the log at which it starts it over. (Between these
    // writes a PASSIVE checkpoint catches up often enough for the log to start over by itself;
    // under the steady load of tests/load/orders.ts it never did without the RESTART step.)
    const rows = Math.ceil((2 * CHECKPOINT_RESTART_FRAMES) / 3)
    const writer = async (first: number) => {
      for (let n = first; n < rows; n += WRITERS)
        await db
          .insertInto('t')
          .values({ n, pad: 'x'.repeat(9_000) })
          .execute()
    }
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)))
    await vi.waitFor(() => expect(checkpointer.checkpoints).toBeGreaterThan(10), {
      timeout: 10_000,
    })
    // The worker checkpoints, so the writer does not; and the log was started over.
    expect(await writerCheckpoints()).toBe(0n)
    expect(checkpointer.frames).toBeLessThan(CHECKPOINT_RESTART_FRAMES)

    await db.destroy()
    // SQLite removes the log when its last connection closes: the worker's closed too.
    expect(existsSync(`${file}-wal`)).toBe(false)
  })
})
