import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITE_RULE, type SessionGrant, type Userinfo } from '@kabu/shared/api/user'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

const newcomer = {
  account: 'Sakura01',
  password: 'first-pass-1',
  invite: DEMO.invite.toLowerCase(),
}
const registration = (p = newcomer) => ({ ...p, password2: p.password, agree: '1' })

describe('a newcomer: register → login → userinfo → change password → logout', () => {
  let first: SessionGrant
  let second: SessionGrant

  it('registers with the demo invite code (in any case) and is logged in at once', async () => {
    const answer = await brokerApi(t.url, '/user/register', registration())
    expect(answer).toMatchObject({ http: 200, status: 1, msg: 'register_ok' })
    first = answer.data as SessionGrant
    expect(first.account).toBe('Sakura01')
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const info = await brokerData<Userinfo>(t.url, '/user/getUserinfo', {}, session(first))
    expect(info.account).toBe('Sakura01')
  })

  it('stores the password as argon2id (≥19 MiB, ≥2 passes) and the token only as its SHA-256', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'inviter_id'])
      .where('account', '=', 'Sakura01')
      .executeTakeFirstOrThrow()
    // PHC string: $argon2id$v=19$<params>$salt$hash, params in any order.
    const [, algorithm, , params] = user.password_hash.split('$')
    expect(algorithm).toBe('argon2id')
    const cost = Object.fromEntries((params ?? '').split(',').map((p) => p.split('=')))
    expect(Number(cost.m)).toBeGreaterThanOrEqual(19456)
    expect(Number(cost.t)).toBeGreaterThanOrEqual(2)
    const demo = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', DEMO.account)
      .executeTakeFirstOrThrow()
    expect(user.inviter_id).toBe(demo.id)
    const sessions = await t.app.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute()
    const expected = createHash('sha256').update(first.token).digest('hex')
    expect(sessions.map((s) => s.token_hash)).toEqual([expected])
  })

  it('logs in with a new token each time; both sessions live', async () => {
    const answer = await brokerApi(t.url, '/user/login', {
      account: 'sakura01',
      password: 'first-pass-1',
    })
    expect(answer).toMatchObject({ http: 200, status: 1, msg: 'login_ok' })
    second = answer.data as SessionGrant
    expect(second.account).toBe('Sakura01')
    expect(second.token).not.toBe(first.token)
    for (const grant of [first, second]) {
      expect((await brokerApi(t.url, '/user/getUserinfo', {}, session(grant))).status).toBe(1)
    }
  })

  it('answers getUserinfo with the fields named after the market type', async () => {
    const jpy = await brokerData<Record<string, unknown>>(
      t.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(second),
    )
    expect(jpy).toEqual({
      account: 'Sakura01',
      jpy: '0',
      jpyyjed: '0',
      credit_score: 50, // the published formula (shared/src/loans.ts): a new, unverified account
      verified: 0,
      fund_password_set: false,
      invite_code: expect.stringMatching(INVITE_RULE),
    })
    expect(jpy.invite_code).not.toBe(DEMO.invite)
    const usd = await brokerData<Record<string, unknown>>(
      t.url,
      '/user/getUserinfo',
      { type: 'usd' },
      session(second),
    )
    expect(usd).toMatchObject({ usd: '0', usdyjed: '0' })
    expect(usd).not.toHaveProperty('jpy')
    // A newcomer's own code works as an invite: the inviter is whoever holds it.
    const invited = { account: 'Kaede001', password: 'kaede-pass', invite: String(jpy.invite_code) }
    expect((await brokerApi(t.url, '/user/register', registration(invited))).msg).toBe(
      'register_ok',
    )
  })

  it('changes the login password, which ends every session of the user', async () => {
    const change = { old: 'first-pass-1', password: 'second-pass-2', password2: 'second-pass-2' }
    const answer = await brokerApi(t.url, '/user/loginPassword', change, session(second))
    expect(answer).toMatchObject({ http: 200, status: 1, msg: 'modify_ok' })
    for (const grant of [first, second]) {
      const dead = await brokerApi(t.url, '/user/getUserinfo', {}, session(grant))
      expect(dead).toMatchObject({ http: 401, status: 0, msg: 'please_login_again' })
    }
    const old = await brokerApi(t.url, '/user/login', {
      account: 'Sakura01',
      password: 'first-pass-1',
    })
    expect(old.msg).toBe('wrong_account_or_password')
  })

  it('logs in with the new password and logs out, after which the token is dead', async () => {
    const grant = await brokerData<SessionGrant>(t.url, '/user/login', {
      account: 'Sakura01',
      password: 'second-pass-2',
    })
    expect((await brokerApi(t.url, '/user/logout', {}, session(grant))).status).toBe(1)
    const after = await brokerApi(t.url, '/user/getUserinfo', {}, session(grant))
    expect(after).toMatchObject({ http: 401, status: 0, msg: 'please_login_again' })
    expect((await brokerApi(t.url, '/user/logout', {}, session(grant))).http).toBe(401)
  })
})
