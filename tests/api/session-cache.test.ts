import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { SESSION_NOTICES } from '../../gateway/src/store/migrations/0011-session-notices'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { userIdOf } from './trading.support'

/**
 * The gateway keeps live sessions between calls (SessionCache), trusted only while the store's
 * notices of session changes are followed: PostgreSQL's over LISTEN, SQLite's from its connection's
 * own triggers (store/sqlite-notices.ts).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/** The demo's calls against the app `app()` returns (started in each describe's beforeAll). */
function demoCalls(app: () => TestApp) {
  return {
    login: () => brokerData<SessionGrant>(app().url, '/user/login', DEMO),
    userinfo: async (grant: SessionGrant) =>
      (await brokerApi(app().url, '/user/getUserinfo', {}, session(grant))).http,
    /** A market buy's answer key: `self_frozen_trading` while the user froze trading. */
    order: async (grant: SessionGrant) =>
      (
        await brokerApi(
          app().url,
          '/trade/buy',
          { type: 'jpy', code: '7203', num: '100', idem: randomUUID() },
          session(grant),
        )
      ).msg,
  }
}

describe.skipIf(!onPostgres)(
  'kept sessions on PostgreSQL (skipped without TEST_DATABASE_URL)',
  () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp()
    })
    afterAll(() => t?.stop())

    const { login, userinfo, order } = demoCalls(() => t)
    /** Revokes the demo's sessions as another writer would, with the notice triggers off. */
    const revokeQuietly = () =>
      t.app.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx)
        await sql`update sessions set revoked_at = 1 where revoked_at is null`.execute(trx)
      })
    const demoId = () => userIdOf(t, DEMO.account)

    it('serves a kept session until the store says it changed, then reads it afresh', async () => {
      const grant = await login()
      expect(await userinfo(grant)).toBe(200)
      await revokeQuietly()
      // No notice was sent: the kept session still answers (proof that it is kept at all)...
      expect(await userinfo(grant)).toBe(200)
      // ...and the user's notice drops it.
      await sql`select pg_notify(${SESSION_NOTICES}, ${String(await demoId())})`.execute(t.app.db)
      await expect.poll(() => userinfo(grant), { timeout: 2_000, interval: 20 }).toBe(401)
    })

    it('drops a session whose user froze trading, by any writer: their next order is refused', async () => {
      const grant = await login()
      expect(await order(grant)).not.toBe('self_frozen_trading')
      const userId = await demoId()
      await sql`insert into self_freezes (user_id, scope, frozen_at) values (${userId}, 'trading', 1)`.execute(
        t.app.db,
      )
      // The notice's round trip: generous, as the machine may be busy.
      await expect
        .poll(() => order(grant), { timeout: 5_000, interval: 20 })
        .toBe('self_frozen_trading')
      await sql`delete from self_freezes where user_id = ${userId}`.execute(t.app.db)
      await expect
        .poll(() => order(grant), { timeout: 5_000, interval: 20 })
        .not.toBe('self_frozen_trading')
    })

    it('drops a session revoked by any writer: the triggers send the notice', async () => {
      const grant = await login()
      expect(await userinfo(grant)).toBe(200)
      await sql`update sessions set revoked_at = 1 where revoked_at is null`.execute(t.app.db)
      await expect.poll(() => userinfo(grant), { timeout: 2_000, interval: 20 }).toBe(401)
    })

    it('trusts nothing kept while the notices are lost, and keeps again once they are back', async () => {
      const grant = await login()
      expect(await userinfo(grant)).toBe(200)
      // The gateway's LISTEN connection goes away (a restart of PostgreSQL, a network cut).
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`.execute(t.app.db)
      await revokeQuietly()
      await expect.poll(() => userinfo(grant), { timeout: 2_000, interval: 20 }).toBe(401)
      // Listening again (about a second later), it keeps sessions again.
      const keptAgain = async () => {
        const fresh = await login()
        if ((await userinfo(fresh)) !== 200) return 'not live'
        await revokeQuietly()
        return userinfo(fresh)
      }
      await expect.poll(keptAgain, { timeout: 5_000, interval: 200 }).toBe(200)
    })
  },
)

describe.skipIf(onPostgres)('kept sessions on SQLite (skipped under TEST_DATABASE_URL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t?.stop())

  const { login, userinfo, order } = demoCalls(() => t)

  it('drops a session revoked on its connection at once: the trigger tells the cache', async () => {
    const grant = await login()
    expect(await userinfo(grant)).toBe(200)
    await sql`update sessions set revoked_at = 1 where revoked_at is null`.execute(t.app.db)
    expect(await userinfo(grant)).toBe(401)
  })

  it('drops a session whose user froze trading: their next order is refused', async () => {
    const grant = await login()
    expect(await order(grant)).not.toBe('self_frozen_trading')
    const userId = await userIdOf(t, DEMO.account)
    await sql`insert into self_freezes (user_id, scope, frozen_at) values (${userId}, 'trading', 1)`.execute(
      t.app.db,
    )
    expect(await order(grant)).toBe('self_frozen_trading')
    await sql`delete from self_freezes where user_id = ${userId}`.execute(t.app.db)
    expect(await order(grant)).not.toBe('self_frozen_trading')
  })

  it('drops every kept session when another connection commits, which fires no trigger', async () => {
    const grant = await login()
    expect(await userinfo(grant)).toBe(200)
    // An operator's sqlite3 on the file, say: a connection of its own.
    const other = t.database.openStore()
    try {
      await sql`update users set status = 'banned' where account = ${DEMO.account}`.execute(
        other.db,
      )
      expect(await userinfo(grant)).toBe(401)
      await sql`update users set status = 'active' where account = ${DEMO.account}`.execute(
        other.db,
      )
    } finally {
      await other.close()
    }
  })

  // Last: it drops the sessions trigger for the rest of this app's life.
  it('serves a kept session until told it changed (proof that it is kept at all)', async () => {
    const grant = await login()
    expect(await userinfo(grant)).toBe(200)
    await sql`drop trigger temp.kabu_session_notice_sessions`.execute(t.app.db)
    await sql`update sessions set revoked_at = 1 where revoked_at is null`.execute(t.app.db)
    expect(await userinfo(grant)).toBe(200)
    const userId = await userIdOf(t, DEMO.account)
    await sql`select kabu_session_notice(${userId})`.execute(t.app.db)
    expect(await userinfo(grant)).toBe(401)
  })
})
