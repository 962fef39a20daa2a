import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { DEMO_OPERATOR } from '../../gateway/src/composition/demo-account'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi } from '../support/broker'
import { newUser, ops, OPS_TOKEN } from './ops-client'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })
})
afterAll(() => t.stop())

// The demo seed's own decisions (its identity and opening deposits) are in the trail from the start.
const auditRows = () =>
  t.app.db
    .selectFrom('audit')
    .selectAll()
    .where('operator', '!=', DEMO_OPERATOR)
    .orderBy('id')
    .execute()

describe('operator authentication', () => {
  it.each([
    ['no header', null],
    ['a wrong token', 'test-ops-token-0123456780'],
    ['a prefix of the token', OPS_TOKEN.slice(0, 10)],
    ['an empty token', ''],
  ])('refuses %s with HTTP 401 on every path', async (_name, token) => {
    for (const [method, path] of [
      ['GET', '/audit'],
      ['GET', '/reviews?kind=kyc'],
      ['GET', '/ledger/check'],
      ['GET', '/clock'],
      ['POST', `/users/${DEMO.account}/ban`],
      ['POST', '/messages'],
    ] as const) {
      const answer = await ops(t.url, method, path, {}, token)
      expect(answer.http, `${method} ${path}`).toBe(401)
      expect(answer.msg).toBe('please_login_again')
    }
    expect(await auditRows()).toEqual([])
  })

  it('answers unknown paths with 404 and bad input with 400, writing nothing', async () => {
    expect((await ops(t.url, 'GET', '/nowhere')).http).toBe(404)
    expect((await ops(t.url, 'GET', '/reviews?kind=lottery')).http).toBe(400)
    expect((await ops(t.url, 'GET', '/audit?page=0')).http).toBe(400)
    expect((await ops(t.url, 'POST', '/users/nobody99/freeze')).http).toBe(404)
    expect((await ops(t.url, 'POST', `/users/${DEMO.account}/delete`)).http).toBe(400)
    const res = await fetch(`${t.url}/api/ops/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: '{"title":',
    })
    expect(res.status).toBe(400)
    expect(await auditRows()).toEqual([])
  })
})

describe('hostile input to every /api/ops call', () => {
  const POSTS = [
    '/reviews/kyc/1/approve',
    '/reviews/kyc/1/reject',
    `/users/${DEMO.account}/bar-trading`,
    '/clock',
    '/messages',
  ]
  const BODIES: Array<[string, string]> = [
    ['array', '[1,2,3]'],
    ['null', 'null'],
    ['string', '"x"'],
    ['nested', JSON.stringify({ reason: { $gt: '' }, title: ['a'], summary: 1, all: 'yes' })],
    ['NUL', JSON.stringify({ all: true, title: 'x\u0000', summary: 'y', reason: 'r\u0000' })],
    ['NUL body', JSON.stringify({ all: true, title: 'x', summary: 'y', body: '\u0000' })],
    ['huge', JSON.stringify({ title: 'x'.repeat(100_000), summary: 'y', all: true })],
    ['not JSON', '{{{'],
  ]

  it('never answers 500 and writes nothing', async () => {
    const messagesBefore = (await t.app.db.selectFrom('messages').select('id').execute()).length
    for (const path of POSTS) {
      for (const [name, body] of BODIES) {
        const res = await fetch(`${t.url}/api/ops${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
          body,
        })
        const json = (await res.json()) as { status?: number; msg?: string }
        const what = `${path} ${name} → ${res.status} ${json.msg}`
        // bar-trading takes no body: it may succeed; everything else is a 4xx with a key.
        if (path.includes('bar-trading') && res.status === 200) continue
        expect(res.status, what).toBeGreaterThanOrEqual(400)
        expect(res.status, what).toBeLessThan(500)
        expect(json.status, what).toBe(0)
      }
    }
    expect((await t.app.db.selectFrom('messages').select('id').execute()).length).toBe(
      messagesBefore,
    )
    await ops(t.url, 'POST', `/users/${DEMO.account}/restore`)
  })
})

describe('users: freeze, ban, bar trading, restore (spec §6)', () => {
  let user: SessionGrant
  const login = () =>
    brokerApi(t.url, '/user/login', { account: 'Frost001', password: 'pass-word-1' })
  const userinfo = (grant: SessionGrant) =>
    brokerApi(t.url, '/user/getUserinfo', {}, session(grant))

  beforeAll(async () => {
    user = await newUser(t, 'Frost001')
  })

  it('freeze: login refused with account_frozen, the live session stops working', async () => {
    const answer = await ops(t.url, 'POST', '/users/frost001/freeze')
    expect(answer).toMatchObject({ http: 200, status: 1, data: { status: 'frozen' } })
    expect(await login()).toMatchObject({ status: 0, msg: 'account_frozen' })
    expect((await userinfo(user)).http).toBe(401)
  })

  it('restore after a freeze brings the same session back', async () => {
    await ops(t.url, 'POST', '/users/Frost001/restore')
    expect(await userinfo(user)).toMatchObject({ http: 200, status: 1 })
    expect(await login()).toMatchObject({ status: 1 })
  })

  it('ban: login refused with account_banned, sessions revoked for good', async () => {
    await ops(t.url, 'POST', '/users/Frost001/ban')
    expect(await login()).toMatchObject({ status: 0, msg: 'account_banned' })
    await ops(t.url, 'POST', '/users/Frost001/restore')
    // Restored, but the sessions a ban revoked stay dead: the user logs in afresh.
    expect((await userinfo(user)).http).toBe(401)
    const fresh = await login()
    expect(fresh.status).toBe(1)
    user = fresh.data as SessionGrant
  })

  it('bar trading: a flag on the session, the account still works', async () => {
    await ops(t.url, 'POST', '/users/Frost001/bar-trading')
    const found = await t.app.broker.auth.authenticate(user.token, user.account)
    expect(found?.tradingBarred).toBe(true)
    expect(await userinfo(user)).toMatchObject({ status: 1 })
    await ops(t.url, 'POST', '/users/Frost001/restore')
    const after = await t.app.broker.auth.authenticate(user.token, user.account)
    expect(after?.tradingBarred).toBe(false)
  })

  it('audits every action with operator, time, before and after', async () => {
    const rows = (await auditRows()).filter((r) => r.target === 'user:Frost001')
    expect(rows.map((r) => r.action)).toEqual([
      'user.freeze',
      'user.restore',
      'user.ban',
      'user.restore',
      'user.bar-trading',
      'user.restore',
    ])
    expect(rows.every((r) => r.operator === 'ops' && r.at > 0n)).toBe(true)
    expect(JSON.parse(rows[0]!.before_json)).toEqual({ status: 'active', trading_barred: '0' })
    expect(JSON.parse(rows[0]!.after_json)).toEqual({ status: 'frozen', trading_barred: '0' })
    expect(JSON.parse(rows[4]!.after_json)).toEqual({ status: 'active', trading_barred: '1' })
  })

  it('keeps the trail append-only: the database refuses to change or remove a row', async () => {
    const rows = await auditRows()
    await expect(
      t.app.db.updateTable('audit').set({ operator: 'someone else' }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(t.app.db.deleteFrom('audit').execute()).rejects.toThrow(/append-only/)
    expect(await auditRows()).toEqual(rows)
  })

  it('serves the trail newest first, filtered by target, paged', async () => {
    const answer = await ops(t.url, 'GET', '/audit?target=user:Frost001')
    const list = answer.data as Array<{ action: string; operator: string; before: unknown }>
    expect(list).toHaveLength(6)
    expect(list[0]).toMatchObject({ action: 'user.restore', operator: 'ops' })
    expect(list[5]).toMatchObject({ action: 'user.freeze', before: { status: 'active' } })
    expect((await ops(t.url, 'GET', '/audit?page=2')).data).toEqual([])
  })

  it('names the operator from X-Operator in the trail', async () => {
    await fetch(`${t.url}/api/ops/users/Frost001/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': 'hanako' },
    })
    const [last] = (await ops(t.url, 'GET', '/audit')).data as Array<{ operator: string }>
    expect(last?.operator).toBe('ops:hanako')
  })
})

describe('ledger check and clock', () => {
  it('runs the invariant checker', async () => {
    const answer = await ops(t.url, 'GET', '/ledger/check')
    expect(answer).toMatchObject({ http: 200, data: { ok: true, violations: [] } })
  })

  it('reads the clock, and refuses to move it without TIME_TRAVEL=1', async () => {
    const read = await ops(t.url, 'GET', '/clock')
    expect(read.data).toMatchObject({ time_travel: false, offset_ms: 0 })
    const moved = await ops(t.url, 'POST', '/clock', { at: '2030-01-01T00:00:00Z' })
    expect(moved.http).toBe(404)
    expect(t.app.clock.offset()).toBe(0)
  })

  it('moves the clock with TIME_TRAVEL=1', async () => {
    const travel = await startTestApp({
      env: { OPS_TOKEN, TIME_TRAVEL: '1', REVIEW_POLICY: 'manual' },
    })
    try {
      expect((await ops(travel.url, 'POST', '/clock', { at: 'tomorrow' })).http).toBe(400)
      const sent = Date.now()
      const answer = await ops(travel.url, 'POST', '/clock', { at: '2030-01-02T03:04:05+09:00' })
      expect(answer.http).toBe(200)
      // The moved clock runs on from the time set: by no more than the wall time since the request
      // (a busy machine took seconds to answer it, which a fixed tolerance called wrong).
      const ran = travel.app.clock.now() - Date.parse('2030-01-01T18:04:05Z')
      expect(ran).toBeGreaterThanOrEqual(0)
      expect(ran).toBeLessThanOrEqual(Date.now() - sent + 50)
      expect((answer.data as { now: string }).now.slice(0, 13)).toBe('2030-01-01T18')
      const [moved] = (await ops(travel.url, 'GET', '/audit?target=clock')).data as Array<{
        action: string
        after: { now: string }
      }>
      expect(moved).toMatchObject({ action: 'clock.set' })
      expect(moved?.after.now.slice(0, 13)).toBe('2030-01-01T18')
    } finally {
      await travel.stop()
    }
  })
})
