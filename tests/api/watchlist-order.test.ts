import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WatchEntry } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * The watchlist's order (/trade/selfsort, migration 0009): new entries on top, a reorder kept by
 * the server, and every malformed or stale order refused with nothing changed. Runs on SQLite, and
 * on PostgreSQL under TEST_DATABASE_URL.
 */
let t: TestApp
let n = 0
const account = () => `wlo${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

const call = (g: SessionGrant, path: string, form: Record<string, string> | string) =>
  brokerApi(t.url, path, form, session(g))
const list = async (g: SessionGrant, type = 'jpy') =>
  (await brokerData<WatchEntry[]>(t.url, '/trade/selflist', { type }, session(g))).map(
    (e) => e.code,
  )

async function watcher(codes: string[]): Promise<SessionGrant> {
  const g = await newUser(t, account())
  for (const code of codes) {
    expect((await call(g, '/trade/selfadd', { type: 'jpy', code })).msg).toBe('add_ok')
  }
  return g
}

describe('watchlist order', () => {
  it('puts each new entry on top', async () => {
    const g = await watcher(['7203', '6758', '9984'])
    expect(await list(g)).toEqual(['9984', '6758', '7203'])
  })

  it('keeps the order a user sorts, as one comma-separated field or repeated fields', async () => {
    const g = await watcher(['7203', '6758', '9984'])
    const sorted = await call(g, '/trade/selfsort', { type: 'jpy', codes: '6758,7203,9984' })
    expect(sorted).toMatchObject({ http: 200, status: 1, msg: 'modify_ok' })
    expect(await list(g)).toEqual(['6758', '7203', '9984'])

    const repeated = 'type=jpy&codes=9984&codes=6758&codes=7203'
    expect((await call(g, '/trade/selfsort', repeated)).status).toBe(1)
    expect(await list(g)).toEqual(['9984', '6758', '7203'])

    // A code added after a sort still lands on top; removing one leaves the others in order.
    expect((await call(g, '/trade/selfadd', { type: 'jpy', code: '7974' })).status).toBe(1)
    expect(await list(g)).toEqual(['7974', '9984', '6758', '7203'])
    expect((await call(g, '/trade/selfdel', { type: 'jpy', code: '6758' })).status).toBe(1)
    expect(await list(g)).toEqual(['7974', '9984', '7203'])
  })

  it('sorts one market without touching another, and one user without touching another', async () => {
    const g = await watcher(['7203', '6758'])
    for (const code of ['AAPL', 'MSFT']) {
      expect((await call(g, '/trade/selfadd', { type: 'usd', code })).status).toBe(1)
    }
    const other = await watcher(['7203', '6758'])
    expect((await call(g, '/trade/selfsort', { type: 'usd', codes: 'AAPL,MSFT' })).status).toBe(1)
    expect((await call(g, '/trade/selfsort', { type: 'jpy', codes: '7203,6758' })).status).toBe(1)
    expect(await list(g, 'usd')).toEqual(['AAPL', 'MSFT'])
    expect(await list(g)).toEqual(['7203', '6758'])
    expect(await list(other)).toEqual(['6758', '7203'])
  })

  it.each([
    ['a code not in the list', { codes: '7203,6758,7974' }, 'not_found'],
    ['a list missing an entry', { codes: '7203,6758' }, 'invalid_input'],
    ['a duplicate', { codes: '7203,7203,6758' }, 'invalid_input'],
    ['an unlisted code', { codes: '7203,6758,ZZZZ' }, 'not_listed'],
    ["another market's code", { codes: '7203,6758,AAPL' }, 'not_listed'],
    ['no codes', { codes: '' }, 'invalid_input'],
    ['a malformed code', { codes: '7203,6758,<b>' }, 'invalid_input'],
    ['no market', { type: '', codes: '9984,6758,7203' }, 'invalid_input'],
  ])('refuses %s and keeps the order', async (_name, form, msg) => {
    const g = await watcher(['7203', '6758', '9984'])
    const answer = await call(g, '/trade/selfsort', { type: 'jpy', ...form })
    expect(answer).toMatchObject({ http: 200, status: 0, msg })
    expect(await list(g)).toEqual(['9984', '6758', '7203'])
  })

  it('asks for a session', async () => {
    const answer = await brokerApi(t.url, '/trade/selfsort', { type: 'jpy', codes: '7203' })
    expect(answer).toMatchObject({ http: 401, status: 0, msg: 'please_login_again' })
  })
})
