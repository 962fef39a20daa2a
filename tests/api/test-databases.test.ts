import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type Store } from '../../gateway/src/store/index'
import { freshDatabase, type TestDatabase } from '../support/db'
import { TEMPLATE_ENV } from '../support/db-template'

/**
 * The test databases themselves (tests/support/db.ts): a migrated one is a copy of the run's
 * template, at the latest migration and the file's own, so files stay as apart as when each
 * migrated its own.
 */
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
const opened: Array<{ database: TestDatabase; store: Store }> = []

async function open(migrated: boolean): Promise<Store> {
  const database = await freshDatabase({ migrated })
  const store = database.openStore()
  opened.push({ database, store })
  return store
}

const tables = async (store: Store): Promise<string[]> =>
  (await store.db.introspection.getTables()).map((t) => t.name)

let first: Store
let second: Store
beforeAll(async () => {
  first = await open(true)
  second = await open(true)
})
afterAll(async () => {
  for (const { database, store } of opened) {
    await store.close()
    await database.drop()
  }
})

describe(`test databases (${kind})`, () => {
  it('are copied from the template the run made (db-template.setup.ts)', () => {
    expect(process.env[TEMPLATE_ENV[kind]]).toBeTruthy()
  })

  it('come migrated to the latest schema: migrating again applies nothing', async () => {
    expect(await migrateToLatest(first)).toEqual([])
    expect(await tables(first)).toContain('users')
  })

  it('are each their own: a row written in one is not in another', async () => {
    await first.db
      .insertInto('users')
      .values({
        account: 'copyone1',
        password_hash: 'x',
        invite_code: 'COPYONE1',
        inviter_id: null,
        created_at: 1,
      })
      .execute()
    const counted = async (store: Store) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from users`.execute(store.db)).rows[0]?.n,
      )
    expect(await counted(first)).toBe(1)
    expect(await counted(second)).toBe(0)
  })

  it('come empty when not asked for migrated (the migration tests start from nothing)', async () => {
    const empty = await open(false)
    expect(await tables(empty)).toEqual([])
  })
})
