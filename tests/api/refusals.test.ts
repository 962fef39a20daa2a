import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { SESSION_MAX_AGE_MS } from '../../gateway/src/broker/auth/service'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'

let t: TestApp
let demo: SessionGrant
beforeAll(async () => {
  t = await startTestApp()
  demo = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
})
afterAll(() => t.stop())

const form = {
  account: 'Momiji01',
  password: 'momiji-pass',
  password2: 'momiji-pass',
  invite: DEMO.invite,
  agree: '1',
}

async function refusal(path: string, body: Record<string, string>, headers = {}) {
  const answer = await brokerApi(t.url, path, body, headers)
  return `${answer.http} ${answer.status} ${answer.msg}`
}

describe('register refuses', () => {
  it('an account that exists, in any case', async () => {
    expect(await refusal('/user/register', { ...form, account: 'DEMO0001' })).toBe(
      '200 0 account_exists',
    )
  })
  it('an invite code nobody holds, and one that cannot be a code', async () => {
    expect(await refusal('/user/register', { ...form, invite: 'NOBODY99' })).toBe(
      '200 0 inviter_not_found',
    )
    expect(await refusal('/user/register', { ...form, invite: 'no!' })).toBe(
      '200 0 invite_code_wrong',
    )
  })
  it('passwords that differ, and terms not agreed', async () => {
    expect(await refusal('/user/register', { ...form, password2: 'other-pass' })).toBe(
      '200 0 passwords_mismatch',
    )
    const { agree: _agree, ...withoutAgree } = form
    expect(await refusal('/user/register', withoutAgree)).toBe('200 0 agree_terms_required')
    expect(await refusal('/user/register', { ...form, agree: '0' })).toBe(
      '200 0 agree_terms_required',
    )
  })
  it('an account or password outside the rules', async () => {
    expect(await refusal('/user/register', { ...form, account: 'ab' })).toBe('200 0 invalid_input')
    expect(
      await refusal('/user/register', { ...form, password: '12345', password2: '12345' }),
    ).toBe('200 0 invalid_input')
  })
  it('and wrote nothing for any of it', async () => {
    // The demo login alone (the demo products' issuer accounts, status `issuer`, are no people).
    const people = await t.app.db
      .selectFrom('users')
      .select('account')
      .where('status', '!=', 'issuer')
      .execute()
    expect(people.map((u) => u.account)).toEqual([DEMO.account])
  })
})

describe('login refuses', () => {
  it('an unknown account and a wrong password with the same words', async () => {
    expect(await refusal('/user/login', { account: 'nobody01', password: 'whatever' })).toBe(
      '200 0 wrong_account_or_password',
    )
    expect(await refusal('/user/login', { ...DEMO, password: 'wrong-pass' })).toBe(
      '200 0 wrong_account_or_password',
    )
  })

  it('a banned account (account_banned) and a frozen one (account_frozen), whose sessions die', async () => {
    const setStatus = (status: 'active' | 'frozen' | 'banned') =>
      t.app.db.updateTable('users').set({ status }).where('account', '=', DEMO.account).execute()
    await setStatus('banned')
    expect(await refusal('/user/login', DEMO)).toBe('200 0 account_banned')
    expect(await refusal('/user/getUserinfo', {}, session(demo))).toBe('401 0 please_login_again')
    await setStatus('frozen')
    expect(await refusal('/user/login', DEMO)).toBe('200 0 account_frozen')
    await setStatus('active')
    expect(await refusal('/user/getUserinfo', {}, session(demo))).toBe('200 1 ok')
  })
})

describe('authed calls answer HTTP 401 please_login_again', () => {
  it('without headers, with an unknown token, or with another account than the token’s', async () => {
    const dead = '401 0 please_login_again'
    expect(await refusal('/user/getUserinfo', {})).toBe(dead)
    expect(await refusal('/user/getUserinfo', {}, { token: demo.token })).toBe(dead)
    expect(
      await refusal('/user/getUserinfo', {}, { token: 'x'.repeat(43), account: DEMO.account }),
    ).toBe(dead)
    const other = await brokerData<SessionGrant>(t.url, '/user/register', form)
    expect(
      await refusal('/user/getUserinfo', {}, { token: demo.token, account: other.account }),
    ).toBe(dead)
    expect(
      await refusal('/user/getUserinfo', {}, { token: other.token, account: DEMO.account }),
    ).toBe(dead)
  })

  it('once the session is older than its maximum age', async () => {
    const fresh = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
    t.app.clock.set(t.app.clock.now() + SESSION_MAX_AGE_MS + 60_000)
    try {
      expect(await refusal('/user/getUserinfo', {}, session(fresh))).toBe(
        '401 0 please_login_again',
      )
    } finally {
      t.app.clock.set(Date.now())
    }
    expect(await refusal('/user/getUserinfo', {}, session(fresh))).toBe('200 1 ok')
  })
})

describe('loginPassword refuses', () => {
  it('a wrong old password and new passwords that differ, leaving the password as it was', async () => {
    const wrongOld = { old: 'not-it', password: 'new-pass-1', password2: 'new-pass-1' }
    expect(await refusal('/user/loginPassword', wrongOld, session(demo))).toBe(
      '200 0 wrong_old_password',
    )
    const mismatch = { old: DEMO.password, password: 'new-pass-1', password2: 'new-pass-2' }
    expect(await refusal('/user/loginPassword', mismatch, session(demo))).toBe(
      '200 0 passwords_mismatch',
    )
    expect(await refusal('/user/login', DEMO)).toBe('200 1 login_ok')
  })
})

describe('the session rate limit', () => {
  it('answers HTTP 429 too_frequent past the per-IP limit of login and register', async () => {
    const limited = await startTestApp({
      deps: { sessionRateLimit: { windowMs: 60_000, limit: 2 } },
    })
    try {
      const wrong = { account: 'nobody01', password: 'whatever' }
      expect((await brokerApi(limited.url, '/user/login', wrong)).msg).toBe(
        'wrong_account_or_password',
      )
      expect((await brokerApi(limited.url, '/user/login', wrong)).msg).toBe(
        'wrong_account_or_password',
      )
      const third = await brokerApi(limited.url, '/user/login', DEMO)
      expect(third).toMatchObject({ http: 429, status: 0, msg: 'too_frequent' })
      expect((await brokerApi(limited.url, '/common/version')).status).toBe(1)
    } finally {
      await limited.stop()
    }
  })
})
