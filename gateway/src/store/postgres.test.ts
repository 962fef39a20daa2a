import { Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freshDatabase, type TestDatabase } from '../../../tests/support/db'
import { openPostgres, statementNames } from './postgres'

const adminUrl = process.env.TEST_DATABASE_URL

describe('prepared statement names', () => {
  it('are the same for a text on every connection, and remember a bounded number of texts', () => {
    const names = statementNames(2)
    const first = names('select 1')
    expect(names('select 1')).toBe(first)
    expect(statementNames()('select 1')).toBe(first)
    expect(names('select 2')).not.toBe(first)
    names('select 3')
    expect(names.size()).toBe(2)
    // Forgotten, the text gets its name again: the hash, not a counter.
    expect(names('select 1')).toBe(first)
  })
})

describe.skipIf(!adminUrl)('the PostgreSQL pool', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await freshDatabase()
  })
  afterAll(() => database.drop())

  it('outlives its idle connections being ended: told, it opens another at the next query', async () => {
    const idleError = vi.fn()
    const { dialect } = openPostgres(database.env.DATABASE_URL as string, idleError)
    const db = new Kysely<Record<string, never>>({ dialect })
    try {
      const one = async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0]?.n
      expect(await one()).toBe(1)
      // An administrator (or a restart) ends the pool's idle backend under it.
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      try {
        const ended = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [new URL(database.env.DATABASE_URL as string).pathname.slice(1)],
        )
        expect(ended.rowCount).toBe(1)
      } finally {
        await admin.end()
      }
      await expect.poll(() => idleError.mock.calls.length).toBe(1)
      expect(await one()).toBe(1)
    } finally {
      await db.destroy()
    }
  })
})
