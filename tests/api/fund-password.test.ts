import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { createClock } from '../../gateway/src/clock'
import {
  FUND_PASSWORD_MAX_FAILURES,
  FUND_PASSWORD_WINDOW_MS,
  verifyFundPassword,
} from '../../gateway/src/broker/fund-password/fund-password'
import { Refusal } from '../../gateway/src/broker/common/refusal'
import { startTestApp, type TestApp } from '../support/app'
import { FUND_PASSWORD, newUser } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

const clock = createClock()
let t: TestApp
let user: SessionGrant
let userId: bigint

beforeAll(async () => {
  t = await startTestApp({ deps: { clock } })
  user = await newUser(t, 'fundpw01')
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', user.account)
    .executeTakeFirstOrThrow()
  userId = row.id
})
afterAll(() => t.stop())

const fundPassword = (form: Record<string, string>) =>
  brokerApi(t.url, '/user/fundPassword', form, session(user))

async function refusalOf(plain: string | undefined): Promise<string> {
  try {
    await verifyFundPassword(t.app.db, userId, plain, clock)
    return 'ok'
  } catch (error) {
    if (error instanceof Refusal) return error.key
    throw error
  }
}

const storedHash = async () =>
  (
    await t.app.db
      .selectFrom('users')
      .select('fund_password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).fund_password_hash

describe('setting the fund password the first time', () => {
  it('is refused by verifyFundPassword while none is set', async () => {
    expect(await refusalOf(FUND_PASSWORD)).toBe('fund_password_not_set')
  })

  it('needs the login password, six digits, and the same twice', async () => {
    const base = {
      login_password: 'pass-fundpw01',
      password: FUND_PASSWORD,
      password2: FUND_PASSWORD,
    }
    expect(await fundPassword({ ...base, login_password: 'wrong-pass' })).toMatchObject({
      status: 0,
      msg: 'wrong_old_password',
    })
    expect(await fundPassword({ ...base, password: '12345', password2: '12345' })).toMatchObject({
      msg: 'invalid_input',
    })
    expect(await fundPassword({ ...base, password: 'abcdef', password2: 'abcdef' })).toMatchObject({
      msg: 'invalid_input',
    })
    expect(await fundPassword({ ...base, password2: '135791' })).toMatchObject({
      msg: 'passwords_mismatch',
    })
    expect(await fundPassword({ password: FUND_PASSWORD, password2: FUND_PASSWORD })).toMatchObject(
      {
        msg: 'invalid_input',
      },
    )
    expect(await fundPassword({ ...base, login_password: '', old: '000000' })).toMatchObject({
      status: 0,
    })
    expect(await storedHash()).toBeNull()
  })

  it('sets it as an argon2id hash, and getUserinfo says so', async () => {
    const answer = await fundPassword({
      login_password: 'pass-fundpw01',
      password: FUND_PASSWORD,
      password2: FUND_PASSWORD,
    })
    expect(answer).toMatchObject({ status: 1, msg: 'modify_ok' })
    expect(await storedHash()).toMatch(/^\$argon2id\$/)
    const info = await brokerData<Userinfo>(t.url, '/user/getUserinfo', {}, session(user))
    expect(info.fund_password_set).toBe(true)
    expect(await refusalOf(FUND_PASSWORD)).toBe('ok')
  })
})

describe('the login password that sets it', () => {
  it('is throttled like the fund password: a stolen session cannot guess it', async () => {
    const other = await newUser(t, 'fundpw02')
    const guess = (login_password: string) =>
      brokerApi(
        t.url,
        '/user/fundPassword',
        { login_password, password: FUND_PASSWORD, password2: FUND_PASSWORD },
        session(other),
      )
    for (let i = 0; i < FUND_PASSWORD_MAX_FAILURES; i++) {
      expect(await guess(`guess-${i}`)).toMatchObject({ msg: 'wrong_old_password' })
    }
    expect(await guess('pass-fundpw02')).toMatchObject({ msg: 'too_frequent' })
    clock.set(clock.now() + FUND_PASSWORD_WINDOW_MS + 1)
    expect(await guess('pass-fundpw02')).toMatchObject({ status: 1, msg: 'modify_ok' })
  })
})

describe('changing it', () => {
  it('needs the old fund password; the login password alone no longer does', async () => {
    const next = { password: '246801', password2: '246801' }
    expect(await fundPassword({ ...next, login_password: 'pass-fundpw01' })).toMatchObject({
      msg: 'wrong_fund_password',
    })
    expect(await fundPassword({ ...next, old: '000000' })).toMatchObject({
      msg: 'wrong_fund_password',
    })
    expect(await fundPassword({ ...next, old: FUND_PASSWORD })).toMatchObject({
      status: 1,
      msg: 'modify_ok',
    })
    expect(await refusalOf('246801')).toBe('ok')
    expect(await refusalOf(FUND_PASSWORD)).toBe('wrong_fund_password')
    // Back to the usual one for what follows (a right answer clears the failure above).
    await brokerData(
      t.url,
      '/user/fundPassword',
      { old: '246801', password: FUND_PASSWORD, password2: FUND_PASSWORD },
      session(user),
    )
  })
})

describe('verifyFundPassword throttles guessing', () => {
  it('treats a missing password as wrong without counting it', async () => {
    expect(await refusalOf(undefined)).toBe('wrong_fund_password')
    expect(await refusalOf('')).toBe('wrong_fund_password')
  })

  it(`locks after ${FUND_PASSWORD_MAX_FAILURES} wrong tries in 15 minutes, even for the right one`, async () => {
    for (let i = 0; i < FUND_PASSWORD_MAX_FAILURES; i++) {
      expect(await refusalOf(`00000${i}`)).toBe('wrong_fund_password')
    }
    expect(await refusalOf('999999')).toBe('too_frequent')
    expect(await refusalOf(FUND_PASSWORD)).toBe('too_frequent')
    // The same lock guards changing the fund password.
    expect(
      await fundPassword({ old: FUND_PASSWORD, password: '111111', password2: '111111' }),
    ).toMatchObject({ msg: 'too_frequent' })
  })

  it('opens again once the window has passed, and a right answer clears the count', async () => {
    clock.set(clock.now() + FUND_PASSWORD_WINDOW_MS - 60_000)
    expect(await refusalOf(FUND_PASSWORD)).toBe('too_frequent')
    clock.set(clock.now() + 61_000)
    expect(await refusalOf(FUND_PASSWORD)).toBe('ok')
    expect(await refusalOf('000000')).toBe('wrong_fund_password')
    expect(await refusalOf(FUND_PASSWORD)).toBe('ok')
  })

  it('lets at most five of many concurrent wrong guesses be tried', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => refusalOf(String(100000 + i))),
    )
    expect(answers.filter((a) => a === 'wrong_fund_password').length).toBeLessThanOrEqual(
      FUND_PASSWORD_MAX_FAILURES,
    )
    expect(answers.every((a) => a === 'wrong_fund_password' || a === 'too_frequent')).toBe(true)
    clock.set(clock.now() + FUND_PASSWORD_WINDOW_MS + 1)
  })
})
