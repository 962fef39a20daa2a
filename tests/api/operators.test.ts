import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, type TestApp } from '../support/app'
import { session, brokerApi } from '../support/broker'
import { fund, idem, readyUser, startFundsApp } from './funds.support'
import { FUND_PASSWORD, uploadId } from '../support/identity'
import { ADMIN, REVIEWER, operatorLogin, opsAs } from './operators.support'

let t: TestApp
let adminToken: string
let reviewerToken: string
beforeAll(async () => {
  t = await startFundsApp({ FOUR_EYES_WITHDRAW_ABOVE: '100000' })
  adminToken = await operatorLogin(t, ADMIN)
  reviewerToken = await operatorLogin(t, REVIEWER)
})
afterAll(() => t.stop())

let n = 0
const account = () => `opr${process.pid % 1000}x${++n}`

const operatorIdOf = async (login: string) =>
  (
    await t.app.db
      .selectFrom('operators')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow()
  ).id

async function withdrawal(money: string): Promise<{ id: string; grant: { token: string } }> {
  const { grant, card } = await readyUser(t, account())
  await fund(t, grant, '1000000')
  const answer = await brokerApi(
    t.url,
    '/user/withdraw',
    { type: 'jpy', money, bank_id: card, fund_password: FUND_PASSWORD, idem: idem() },
    session(grant),
  )
  expect(answer.msg).toBe('submit_ok')
  return { id: (answer.data as { id: string }).id, grant }
}

const withdrawalRow = (id: string) =>
  t.app.db
    .selectFrom('withdrawals')
    .select(['status', 'decided_by'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow()

describe('operator login', () => {
  it('refuses a wrong password or an unknown login alike, and writes no session', async () => {
    for (const body of [
      { login: ADMIN.login, password: 'not-the-password' },
      { login: 'nobody-here', password: ADMIN.password },
    ]) {
      const res = await fetch(`${t.url}/api/ops/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(await res.json()).toMatchObject({ status: 0, msg: 'wrong_account_or_password' })
    }
    // A customer's login is no operator's login: the tables are apart.
    const customer = await fetch(`${t.url}/api/ops/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: DEMO.account, password: DEMO.password }),
    })
    expect((await customer.json()) as object).toMatchObject({ status: 0 })
  })

  it('gives a session whose token opens /api/ops with the person and role, until logout', async () => {
    const token = await operatorLogin(t, REVIEWER)
    const me = await opsAs(t, token, 'GET', '/me')
    expect(me.data).toMatchObject({ operator: { login: 'reviewer', role: 'reviewer' } })
    expect((await opsAs(t, token, 'GET', '/reviews?kind=deposit')).status).toBe(1)
    expect((await opsAs(t, token, 'POST', '/logout')).status).toBe(1)
    const after = await opsAs(t, token, 'GET', '/reviews?kind=deposit')
    expect(after.http).toBe(401)
    expect(after.msg).toBe('please_login_again')
  })

  it('keeps OPS_TOKEN working on the same routes for scripts', async () => {
    expect((await opsAs(t, t.app.config.opsToken, 'GET', '/me')).data).toMatchObject({
      operator: { role: 'admin' },
    })
  })
})

describe('the console’s own reads', () => {
  it('shows a document photo to any operator at /api/ops/uploads/:id, to nobody else', async () => {
    const { grant } = await readyUser(t, account())
    const id = await uploadId(t, grant, 'voucher')
    const as = (authorization?: string) =>
      fetch(`${t.url}/api/ops/uploads/${id}`, {
        headers: authorization ? { authorization } : {},
      })
    const seen = await as(`Bearer ${reviewerToken}`)
    expect(seen.status).toBe(200)
    expect(seen.headers.get('content-type')).toBe('image/jpeg')
    expect((await seen.arrayBuffer()).byteLength).toBeGreaterThan(100)
    expect((await as()).status).toBe(401)
    expect((await as(`Bearer ${grant.token}`)).status).toBe(401)
    const unknown = await fetch(`${t.url}/api/ops/uploads/nope`, {
      headers: { authorization: `Bearer ${reviewerToken}` },
    })
    expect(unknown.status).toBe(404)
  })

  it('answers hostile bodies at /login and /operators with a 4xx and a key, writing nothing', async () => {
    const before = await t.app.db.selectFrom('operators').select('id').execute()
    for (const path of ['/login', '/operators']) {
      for (const body of [
        '[1]',
        'null',
        '"x"',
        '{{{',
        JSON.stringify({ login: { $gt: '' }, password: ['a'] }),
        JSON.stringify({ login: 'x\u0000yz', password: 'p' }),
        JSON.stringify({ login: 'a'.repeat(100_000), password: 'p' }),
      ]) {
        const res = await fetch(`${t.url}/api/ops${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body,
        })
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(((await res.json()) as { status: number }).status).toBe(0)
      }
    }
    expect(await t.app.db.selectFrom('operators').select('id').execute()).toEqual(before)
  })
})

describe('roles', () => {
  it('refuses a reviewer every admin action with admin_required, changing nothing', async () => {
    const before = await t.app.db.selectFrom('audit').select('id').execute()
    for (const [path, body] of [
      [`/users/${DEMO.account}/freeze`, {}],
      ['/messages', { all: true, title: 'x', summary: 'y' }],
      ['/clock', { at: new Date().toISOString() }],
      [
        '/operators',
        { login: 'sneaky', display_name: 'S', role: 'admin', password: 'x'.repeat(12) },
      ],
      ['/block', {}],
      ['/ipo', {}],
      ['/news', {}],
      ['/products', {}],
    ] as const) {
      const answer = await opsAs(t, reviewerToken, 'POST', path, body)
      expect(answer.http, path).toBe(403)
      expect(answer.msg, path).toBe('admin_required')
    }
    expect(await t.app.db.selectFrom('audit').select('id').execute()).toEqual(before)
    const demo = await t.app.db
      .selectFrom('users')
      .select('status')
      .where('account', '=', DEMO.account)
      .executeTakeFirstOrThrow()
    expect(demo.status).toBe('active')
  })

  it('lets an admin do it, audited with the person', async () => {
    const { grant } = await readyUser(t, account())
    void grant
    const target = `opr${process.pid % 1000}x${n}`
    const answer = await opsAs(t, adminToken, 'POST', `/users/${target}/bar-trading`)
    expect(answer.status).toBe(1)
    const row = await t.app.db
      .selectFrom('audit')
      .select(['operator', 'operator_id', 'action'])
      .where('target', '=', `user:${target}`)
      .executeTakeFirstOrThrow()
    const adminId = await operatorIdOf('admin')
    expect(row).toEqual({
      operator: `admin#${adminId}`,
      operator_id: adminId,
      action: 'user.bar-trading',
    })
  })

  it('lets an admin create an operator who can then log in', async () => {
    const created = await opsAs(t, adminToken, 'POST', '/operators', {
      login: 'kato',
      display_name: 'Kato',
      role: 'reviewer',
      password: 'a-long-password-1',
    })
    expect(created.status).toBe(1)
    const token = await operatorLogin(t, { login: 'kato', password: 'a-long-password-1' })
    expect((await opsAs(t, token, 'GET', '/me')).data).toMatchObject({
      operator: { role: 'reviewer' },
    })
  })
})

describe('reviews decided by a person', () => {
  it('records the reviewer on the request and in the audit trail', async () => {
    const { id } = await withdrawal('20000')
    const answer = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(answer.data).toEqual({ id, status: 'approved' })
    const reviewerId = await operatorIdOf('reviewer')
    expect((await withdrawalRow(id)).decided_by).toBe(`reviewer#${reviewerId}`)
    const audit = await opsAs(t, adminToken, 'GET', `/audit?target=withdraw:${id}`)
    expect(audit.data).toMatchObject([
      { operator: `reviewer#${reviewerId}`, operator_id: reviewerId.toString() },
    ])
  })
})

describe('four eyes (FOUR_EYES_WITHDRAW_ABOVE=100000)', () => {
  it('pays a large withdrawal only after two different operators approve', async () => {
    const { id } = await withdrawal('150000')
    const first = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(first.data).toEqual({ id, status: 'pending', approvals: 1, needed: 2 })
    expect((await withdrawalRow(id)).status).toBe(0n)

    const listed = await opsAs(t, adminToken, 'GET', '/reviews?kind=withdraw&status=pending')
    const row = (listed.data as Array<{ id: string; approvals: string[] }>).find((r) => r.id === id)
    expect(row?.approvals).toEqual([`reviewer#${await operatorIdOf('reviewer')}`])

    // The same person again: refused, still pending, no second approval row.
    const again = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(again.msg).toBe('four_eyes_same_operator')
    expect((await withdrawalRow(id)).status).toBe(0n)

    const second = await opsAs(t, adminToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(second.data).toEqual({ id, status: 'approved' })
    expect((await withdrawalRow(id)).status).toBe(1n)
    const trail = await t.app.db
      .selectFrom('audit')
      .select(['action', 'operator'])
      .where('target', '=', `withdraw:${id}`)
      .orderBy('id')
      .execute()
    expect(trail.map((r) => r.action)).toEqual([
      'review.withdraw.approve_first',
      'review.withdraw.approve',
    ])
  })

  it('counts the script token as one approver however it names itself', async () => {
    const { id } = await withdrawal('150000')
    const token = t.app.config.opsToken
    const first = await opsAs(t, token, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(first.data).toMatchObject({ status: 'pending', approvals: 1 })
    const res = await fetch(`${t.url}/api/ops/reviews/withdraw/${id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-operator': 'someone-else' },
    })
    expect(((await res.json()) as { msg: string }).msg).toBe('four_eyes_same_operator')
    expect((await withdrawalRow(id)).status).toBe(0n)
    // A person makes the second pair of eyes.
    const second = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(second.data).toEqual({ id, status: 'approved' })
  })

  it('lets one operator reject a large withdrawal at once (refusing takes one person)', async () => {
    const { id } = await withdrawal('150000')
    const answer = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/reject`, {
      reason: 'bank details do not match',
    })
    expect(answer.data).toEqual({ id, status: 'rejected' })
  })

  it('pays once when two different operators approve at the same moment', async () => {
    const { id } = await withdrawal('150000')
    const answers = await Promise.all([
      opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`),
      opsAs(t, adminToken, 'POST', `/reviews/withdraw/${id}/approve`),
    ])
    const statuses = answers.map((a) => (a.data as { status: string }).status).sort()
    expect(statuses).toEqual(['approved', 'pending'])
    expect((await withdrawalRow(id)).status).toBe(1n)
    const order = await t.app.db
      .selectFrom('withdrawals')
      .select('order_no')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    const paid = await t.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('order_no', '=', order.order_no)
      .where('kind', '=', 'withdraw_pay')
      .execute()
    expect(paid).toHaveLength(1)
  })

  it('leaves a withdrawal at the threshold to one operator', async () => {
    const { id } = await withdrawal('100000')
    const answer = await opsAs(t, reviewerToken, 'POST', `/reviews/withdraw/${id}/approve`)
    expect(answer.data).toEqual({ id, status: 'approved' })
  })
})
