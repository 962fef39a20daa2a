import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, type TestDatabase } from '../../../tests/support/db'
import { isUniqueViolation, migrateToLatest, type Store } from './index'
import { migrationProvider } from './migrations/index'

let database: TestDatabase
let store: Store

beforeAll(async () => {
  database = await freshDatabase()
  store = database.openStore()
})
afterAll(async () => {
  await store.close()
  await database.drop()
})

const user = (account: string, invite: string, createdAt: number | bigint = 1) => ({
  account,
  password_hash: 'x',
  invite_code: invite,
  inviter_id: null,
  created_at: createdAt,
})

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected the statement to fail')
}

const codeOf = (error: unknown) => (error as { code?: string }).code

describe(`migrations (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('bring an empty database to the latest schema, once', async () => {
    expect(store.kind).toBe(database.kind)
    const every = Object.keys(await migrationProvider(store.kind).getMigrations())
    expect(every[0]).toBe('0001-accounts')
    expect(await migrateToLatest(store)).toEqual(every)
    expect(await migrateToLatest(store)).toEqual([])
  })

  it('hand every integer back as a bigint, exactly, beyond 2^53', async () => {
    const huge = 2n ** 60n + 7n
    const { id } = await store.db
      .insertInto('users')
      .values(user('bigint01', 'BIGINT01', huge))
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await store.db
      .selectFrom('users')
      .select(['created_at', 'trading_barred', 'credit_score', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(typeof id).toBe('bigint')
    expect(row).toEqual({
      created_at: huge,
      trading_barred: 0n,
      credit_score: 100n,
      status: 'active',
    })
    const { n } = await store.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(n).toBe(1n)
  })

  it('keep accounts unique regardless of case, and invite codes unique', async () => {
    await store.db.insertInto('users').values(user('Taro0001', 'TARO0001')).execute()
    const sameAccount = await failure(() =>
      store.db.insertInto('users').values(user('taro0001', 'OTHER001')).execute(),
    )
    expect(isUniqueViolation(sameAccount)).toBe(true)
    const sameInvite = await failure(() =>
      store.db.insertInto('users').values(user('hanako01', 'TARO0001')).execute(),
    )
    expect(isUniqueViolation(sameInvite)).toBe(true)
  })

  it('refuse an unknown user status and a session of a user who does not exist', async () => {
    const badStatus = await failure(() =>
      sql`insert into users (account, password_hash, invite_code, created_at, status)
          values ('odd00001', 'x', 'ODD00001', 1, 'deleted')`.execute(store.db),
    )
    expect(codeOf(badStatus)).toMatch(/^(SQLITE_CONSTRAINT_CHECK|23514)$/)
    const orphan = await failure(() =>
      store.db
        .insertInto('sessions')
        .values({ user_id: 999_999n, token_hash: 'h', created_at: 1 })
        .execute(),
    )
    expect(codeOf(orphan)).toMatch(/^(SQLITE_CONSTRAINT_FOREIGNKEY|23503)$/)
    const { n } = await store.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(n).toBe(0n)
  })

  // NORMAL: the group-commit driver flushes the log itself before answering (sqlite-group-commit.ts).
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'run SQLite in WAL with synchronous=NORMAL',
    async () => {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db)
      const sync = await sql<{ synchronous: bigint }>`pragma synchronous`.execute(store.db)
      const keys = await sql<{ foreign_keys: bigint }>`pragma foreign_keys`.execute(store.db)
      expect(journal.rows[0]?.journal_mode).toBe('wal')
      expect(sync.rows[0]?.synchronous).toBe(1n)
      expect(keys.rows[0]?.foreign_keys).toBe(1n)
    },
  )
})
