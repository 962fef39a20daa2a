import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_WINDOW_MS, slowdownMs } from '../../gateway/src/broker/auth/login-throttle'
import { startTestApp, type TestApp } from '../support/app'
import { brokerApi } from '../support/broker'
import { ADMIN, REVIEWER } from './operators.support'

/**
 * The login throttle (issue 17's audit: after one attacker's guesses, the victim's right password
 * was refused too, and a whole NAT was locked out). Each caller gets its own loopback address
 * (127.0.0.x), as different phones would.
 */
let t: TestApp
const PASSWORD = 'throttle-pass-1'

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

/** POSTs a login from `from` (a loopback address); the answer's msg and how long it took. */
function loginFrom(from: string, account: string, password: string) {
  const body = new URLSearchParams({ account, password }).toString()
  const started = Date.now()
  return new Promise<{ msg: string; ms: number }>((resolve, reject) => {
    const req = request(
      `${t.url}/api/vue/user/login`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ msg: (JSON.parse(text) as { msg: string }).msg, ms: Date.now() - started }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function register(account: string) {
  const answer = await brokerApi(t.url, '/user/register', {
    account,
    password: PASSWORD,
    password2: PASSWORD,
    invite: 'DEMO2026',
    agree: '1',
  })
  expect(answer.status).toBe(1)
}

describe('login throttle', () => {
  it('stops an address after 5 wrong guesses at an account, while the owner elsewhere gets in', async () => {
    await register('victim01')
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom('127.0.0.2', 'victim01', `guess-${i}`)).msg).toBe(
        'wrong_account_or_password',
      )
    }
    // Even the right password, from the guessing address.
    expect((await loginFrom('127.0.0.2', 'victim01', PASSWORD)).msg).toBe('too_frequent')
    expect((await loginFrom('127.0.0.3', 'victim01', PASSWORD)).msg).toBe('login_ok')
    // The guessing address is not stopped at other accounts (one NAT, many people).
    await register('neighbour1')
    expect((await loginFrom('127.0.0.2', 'neighbour1', PASSWORD)).msg).toBe('login_ok')
  })

  it('slows down every try at an account many addresses guess at, but never locks its owner out', async () => {
    await register('victim02')
    for (const from of ['127.0.0.10', '127.0.0.11', '127.0.0.12']) {
      for (let i = 0; i < 4; i++) await loginFrom(from, 'victim02', `guess-${i}`)
    }
    // 12 failures: every try now waits slowdownMs(12) = 1 s before its password is checked.
    const owner = await loginFrom('127.0.0.20', 'victim02', PASSWORD)
    expect(owner.msg).toBe('login_ok')
    expect(owner.ms).toBeGreaterThanOrEqual(slowdownMs(12))
  })

  it('checks at most 5 of the guesses one address sends at once', async () => {
    await register('victim03')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom('127.0.0.25', 'victim03', `guess-${i}`)),
    )
    const checked = answers.filter((a) => a.msg === 'wrong_account_or_password')
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.length - checked.length).toBe(
      answers.filter((a) => a.msg === 'too_frequent').length,
    )
    expect((await loginFrom('127.0.0.26', 'victim03', PASSWORD)).msg).toBe('login_ok')
  })

  it('counts guesses at accounts that do not exist too', async () => {
    for (let i = 0; i < 5; i++) await loginFrom('127.0.0.30', 'nobody99', `guess-${i}`)
    expect((await loginFrom('127.0.0.30', 'nobody99', 'guess')).msg).toBe('too_frequent')
  })
})

/** POSTs an operator login (the console's call) from `from`; the answer's HTTP status and msg. */
function operatorLoginFrom(from: string, login: string, password: string) {
  return new Promise<{ http: number; msg: string }>((resolve, reject) => {
    const req = request(
      `${t.url}/api/ops/login`,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ http: res.statusCode ?? 0, msg: (JSON.parse(text) as { msg: string }).msg }),
        )
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ login, password }))
  })
}

// Issue 34's audit: 10 wrong passwords for `admin` from anywhere refused the right one for 15
// minutes. Operators now get the customers' rule.
describe('operator login throttle', () => {
  it('stops an address after 5 wrong guesses at an operator, while the operator elsewhere logs in', async () => {
    const answers = []
    for (let i = 0; i < 10; i++) {
      answers.push((await operatorLoginFrom('127.0.0.40', ADMIN.login, `guess-${i}`)).msg)
    }
    expect(await operatorLoginFrom('127.0.0.41', ADMIN.login, ADMIN.password)).toEqual({
      http: 200,
      msg: 'login_ok',
    })
    expect(answers).toEqual([
      ...Array(5).fill('wrong_account_or_password'),
      ...Array(5).fill('too_frequent'),
    ])
    // Even the right password, from the guessing address.
    expect(await operatorLoginFrom('127.0.0.40', ADMIN.login, ADMIN.password)).toEqual({
      http: 429,
      msg: 'too_frequent',
    })
  })

  it('never locks an operator many addresses guess at, only slows the tries', async () => {
    for (let i = 0; i < 10; i++) {
      const from = `127.0.0.${50 + i}`
      expect((await operatorLoginFrom(from, REVIEWER.login, 'not-the-password')).msg).toBe(
        'wrong_account_or_password',
      )
    }
    expect((await operatorLoginFrom('127.0.0.70', REVIEWER.login, REVIEWER.password)).msg).toBe(
      'login_ok',
    )
  })
})

describe('login failures', () => {
  it('are forgotten once they leave the window (the leader job); the recent stay counted', async () => {
    const now = t.app.clock.now()
    const failures = (ip: string) =>
      t.app.db.selectFrom('login_failures').select('id').where('ip', '=', ip).execute()
    await t.app.db
      .insertInto('login_failures')
      .values([
        { account_key: 'sprayed01', ip: '198.51.100.7', at: now - LOGIN_WINDOW_MS - 1 },
        { account_key: 'sprayed02', ip: '198.51.100.7', at: now - LOGIN_WINDOW_MS + 60_000 },
      ])
      .execute()
    expect(await failures('198.51.100.7')).toHaveLength(2)
    expect(await t.app.broker.auth.pruneLoginFailures()).toBeGreaterThanOrEqual(1)
    expect(await failures('198.51.100.7')).toHaveLength(1)
  })
})

describe('slowdownMs', () => {
  it('is nothing below 10 failures, then 250 ms doubling, at most 5 s', () => {
    expect([9, 10, 11, 12, 14, 30].map(slowdownMs)).toEqual([0, 250, 500, 1000, 4000, 5000])
  })
})
