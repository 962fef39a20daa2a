import { describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../tests/support/file-store'
import { createPasswordHasher } from '../passwords'
import { createClock } from '../clock'
import { seedDemo } from './seed'

const store = storeOfThisFile()
const passwords = createPasswordHasher({ memoryKib: 19456, passes: 2 })
const deps = { passwords, clock: createClock() }
const demo = { account: 'demo0001', password: 'demo-pass-2026', invite: 'demo2026' }

const demoRow = () =>
  store.db
    .selectFrom('users')
    .select(['id', 'account', 'invite_code', 'password_hash', 'status'])
    .where('account', '=', 'demo0001')
    .executeTakeFirstOrThrow()

describe('seedDemo', () => {
  it('creates the demo login with its invite code upper-cased', async () => {
    expect(await seedDemo(store.db, demo, deps)).toEqual({ created: true })
    const row = await demoRow()
    expect(row).toMatchObject({ account: 'demo0001', invite_code: 'DEMO2026', status: 'active' })
    expect(await passwords.verify(row.password_hash, 'demo-pass-2026')).toBe(true)
  })

  it('changes nothing when run again', async () => {
    const before = await demoRow()
    expect(await seedDemo(store.db, demo, deps)).toEqual({ created: false })
    expect(await demoRow()).toEqual(before)
    const users = await store.db.selectFrom('users').select('id').execute()
    expect(users).toHaveLength(1)
  })

  it('makes a changed DEMO_PASSWORD and DEMO_INVITE true', async () => {
    await seedDemo(store.db, { ...demo, password: 'another-pass', invite: 'NEWCODE1' }, deps)
    const row = await demoRow()
    expect(row.invite_code).toBe('NEWCODE1')
    expect(await passwords.verify(row.password_hash, 'another-pass')).toBe(true)
    expect(await passwords.verify(row.password_hash, 'demo-pass-2026')).toBe(false)
  })

  it('refuses settings that could never log in, and an invite code someone else holds', async () => {
    await expect(seedDemo(store.db, { ...demo, account: 'no' }, deps)).rejects.toThrow(
      /DEMO_ACCOUNT/,
    )
    await expect(seedDemo(store.db, { ...demo, invite: 'a-b' }, deps)).rejects.toThrow(
      /DEMO_INVITE/,
    )
    await store.db
      .insertInto('users')
      .values({ account: 'other001', password_hash: 'x', invite_code: 'TAKEN001', created_at: 1 })
      .execute()
    await expect(seedDemo(store.db, { ...demo, invite: 'TAKEN001' }, deps)).rejects.toThrow(
      /already belongs/,
    )
  })
})
