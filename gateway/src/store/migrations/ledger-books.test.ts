import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fails, migrationFixture, type MigrationFixture } from './migration.fixture'

let m: MigrationFixture
const db = () => m.db

beforeAll(async () => {
  m = await migrationFixture()
})
afterAll(() => m.close())

/** Inserts an account, answering its id. */
const account = async (userId: bigint | null, book: string) => {
  const { rows } = await sql<{ id: bigint }>`
    insert into ledger_accounts (user_id, book, currency, balance, created_at)
    values (${userId}, ${book}, 'JPY', 0, 1) returning id`.execute(db())
  return rows[0]!.id
}

describe(`0015-ledger-books (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('keeps every account, id and entry, and admits exactly the new books', async () => {
    const migrator = await m.migrator()
    const before = await migrator.migrateTo('0014-block')
    expect(before.error).toBeUndefined()
    const user = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('books01', 'x', 'BOOKS01', 1) returning id`.execute(db())
    const userId = user.rows[0]!.id
    const available = await account(userId, 'available')
    const fees = await account(null, 'fees')
    expect(await fails(() => account(userId, 'product'))).toBe(true)
    const tx = await sql<{ id: bigint }>`
      insert into ledger_transactions (kind, user_id, order_no, created_at)
      values ('test', ${userId}, 'T1', 1) returning id`.execute(db())
    const txId = tx.rows[0]!.id
    await sql`insert into ledger_entries (tx_id, account_id, amount, balance_after)
              values (${txId}, ${available}, 1, 1), (${txId}, ${fees}, -1, -1)`.execute(db())

    const after = await migrator.migrateTo('0015-ledger-books')
    expect(after.error).toBeUndefined()
    const ids = await sql<{ id: bigint }>`select id from ledger_accounts order by id`.execute(db())
    expect(ids.rows.map((r) => r.id)).toEqual([available, fees])
    for (const book of ['product', 'intraday', 'credit']) await account(userId, book)
    await account(null, 'credit')
    expect(await fails(() => account(userId, 'bogus'))).toBe(true)
    expect(await fails(() => account(null, 'product'))).toBe(true)
    // The user's unique index and the entries' foreign key came through the rebuild.
    expect(await fails(() => account(userId, 'available'))).toBe(true)
    expect(
      await fails(() =>
        sql`insert into ledger_entries (tx_id, account_id, amount, balance_after)
            values (${txId}, ${fees + 1000n}, 1, 1)`.execute(db()),
      ),
    ).toBe(true)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
  })
})
