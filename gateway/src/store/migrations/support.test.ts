import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fails, migrationFixture, type MigrationFixture } from './migration.fixture'

let m: MigrationFixture
const db = () => m.db

beforeAll(async () => {
  m = await migrationFixture()
})
afterAll(() => m.close())

const upload = (id: string, userId: bigint, kind: string) =>
  sql`insert into uploads (id, user_id, kind, bytes, width, height, created_at)
      values (${id}, ${userId}, ${kind}, 1, 1, 1, 1)`.execute(db())

describe(`0020-support (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('keeps every upload and the identity requests pointing at them, and admits `support`', async () => {
    const migrator = await m.migrator()
    expect((await migrator.migrateTo('0019-ipo-withdrawn')).error).toBeUndefined()
    const user = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('support01', 'x', 'SUPPORT01', 1) returning id`.execute(db())
    const userId = user.rows[0]!.id
    await upload('front0000000000000000A', userId, 'id_front')
    await upload('back00000000000000000A', userId, 'id_back')
    expect(await fails(() => upload('support0000000000000A', userId, 'support'))).toBe(true)
    await sql`insert into identity_requests
      (user_id, name, doctype, idnumber_sealed, idnumber_last4, front_upload, back_upload, created_at)
      values (${userId}, 'n', 'my_number', 's', '0018', 'front0000000000000000A',
              'back00000000000000000A', 1)`.execute(db())

    expect((await migrator.migrateTo('0020-support')).error).toBeUndefined()
    const kept = await sql<{ id: string }>`select id from uploads order by id`.execute(db())
    expect(kept.rows.map((r) => r.id)).toEqual(['back00000000000000000A', 'front0000000000000000A'])
    await upload('support0000000000000A', userId, 'support')
    expect(await fails(() => upload('selfie00000000000000A', userId, 'selfie'))).toBe(true)
    // The primary key and the identity requests' foreign keys came through the rebuild.
    expect(await fails(() => upload('support0000000000000A', userId, 'support'))).toBe(true)
    expect(
      await fails(() => sql`delete from uploads where id = 'front0000000000000000A'`.execute(db())),
    ).toBe(true)
    expect(await fails(() => upload('nobody00000000000000A', 999_999n, 'support'))).toBe(true)

    // A message needs text or an image, and only an operator's names one.
    const thread = await sql<{ id: bigint }>`
      insert into support_threads (user_id, status, subject, last_text, last_author, created_at, updated_at)
      values (${userId}, 'open', 's', 't', 'user', 1, 1) returning id`.execute(db())
    const threadId = thread.rows[0]!.id
    const message = (author: string, operator: string | null, text: string, image: string | null) =>
      sql`insert into support_messages (thread_id, author, operator, text, upload_id, created_at)
          values (${threadId}, ${author}, ${operator}, ${text}, ${image}, 1)`.execute(db())
    await message('user', null, '', 'support0000000000000A')
    await message('operator', 'ops:hanako', 'hello', null)
    expect(await fails(() => message('user', null, '', null))).toBe(true)
    expect(await fails(() => message('user', 'ops', 'x', null))).toBe(true)
    expect(await fails(() => message('operator', null, 'x', null))).toBe(true)
    expect(await fails(() => message('user', null, 'x', 'missing0000000000000A'))).toBe(true)
    expect(
      await fails(() => sql`update support_threads set status = 'pending'`.execute(db())),
    ).toBe(true)
  })
})
