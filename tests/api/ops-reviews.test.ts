import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { UserEvent } from '@kabu/shared/realtime'
import { DEMO_OPERATOR } from '../../gateway/src/composition/demo-account'
import { startTestApp, type TestApp } from '../support/app'
import { newUser, ops, OPS_TOKEN, userIdOf } from './ops-client'
import { addRequest, createFixtureTable, fixtureQueue, requestOf } from './ops-fixture-queue'
import { eventually, userSocket, type UserSocket } from './ops-user-socket'

/**
 * The review framework around a queue: a decision is the queue's change, the audit row and the
 * user's message in one transaction, then the user's event; only a pending request can be decided.
 */
let t: TestApp
let user: SessionGrant
let userId: bigint
let live: { socket: UserSocket; events: UserEvent[] }

const counts = async () => ({
  audit: (await t.app.db.selectFrom('audit').select('id').execute()).length,
  messages: (await t.app.db.selectFrom('messages').select('id').execute()).length,
})

beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })
  await createFixtureTable(t.app.db)
  t.app.broker.reviews.replace(fixtureQueue('credit'))
  user = await newUser(t, 'Review01')
  userId = await userIdOf(t, 'Review01')
  const now = t.app.clock.now()
  for (const [id, amount] of [
    [1, 500n],
    [2, 700n],
    [3, 900n],
  ] as const) {
    await addRequest(t.app.db, { id, userId, amount, createdAt: now })
  }
  live = await userSocket(t.url, user)
})
afterAll(async () => {
  live.socket.disconnect()
  await t.stop()
})

describe('review queues at /api/ops/reviews', () => {
  it('lists a queue by status, and refuses a kind API.md does not name', async () => {
    const pending = await ops(t.url, 'GET', '/reviews?kind=credit&status=pending')
    expect(pending.data).toMatchObject([
      { id: '1', account: 'Review01', status: 'pending', amount: '500' },
      { id: '2' },
      { id: '3' },
    ])
    expect((await ops(t.url, 'GET', '/reviews?kind=credit')).data).toHaveLength(3)
    expect((await ops(t.url, 'GET', '/reviews?kind=credit&status=approved')).data).toEqual([])
    const unknown = await ops(t.url, 'GET', '/reviews?kind=bogus')
    expect(unknown).toMatchObject({ status: 0, msg: 'invalid_input' })
    expect(unknown.http).toBeGreaterThanOrEqual(400)
  })

  it('approves in one transaction with the audit row and the message, then tells the user', async () => {
    const answer = await ops(t.url, 'POST', '/reviews/credit/1/approve')
    expect(answer).toMatchObject({ http: 200, status: 1, data: { id: '1', status: 'approved' } })
    expect((await requestOf(t.app.db, 1)).status).toBe('approved')

    // (The demo seed's own decisions are in the trail and the inbox from the start.)
    const audit = await t.app.db
      .selectFrom('audit')
      .selectAll()
      .where('operator', '!=', DEMO_OPERATOR)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      operator: 'ops',
      action: 'review.credit.approve',
      target: 'credit:1',
    })
    expect(JSON.parse(audit[0]!.before_json)).toEqual({ status: 'pending', amount: '500' })

    const messages = await t.app.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', userId)
      .execute()
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      user_id: userId,
      title: 'review.credit.approved.title',
      summary: 'review.credit.approved.summary',
    })
    expect(JSON.parse(messages[0]!.params)).toEqual({ amount: '500', id: '1' })

    await eventually(() => live.events.length >= 2)
    expect(live.events).toContainEqual({
      type: 'review:decided',
      kind: 'credit',
      id: '1',
      status: 'approved',
    })
    expect(live.events).toContainEqual(
      expect.objectContaining({ type: 'message:new', id: messages[0]!.id.toString() }),
    )
  })

  it('changes nothing when asked to approve twice or to reject after an approval', async () => {
    const before = await counts()
    const again = await ops(t.url, 'POST', '/reviews/credit/1/approve')
    expect(again).toMatchObject({ http: 404, status: 0, msg: 'not_found' })
    const late = await ops(t.url, 'POST', '/reviews/credit/1/reject', { reason: 'too late' })
    expect(late.http).toBe(404)
    expect(await counts()).toEqual(before)
    expect(await requestOf(t.app.db, 1)).toMatchObject({ status: 'approved', reason: null })
  })

  it('needs a reason to reject; with one, the user is told it', async () => {
    const before = await counts()
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      const answer = await ops(t.url, 'POST', '/reviews/credit/2/reject', body)
      expect(answer.http, JSON.stringify(body)).toBe(400)
    }
    expect(await counts()).toEqual(before)
    expect((await requestOf(t.app.db, 2)).status).toBe('pending')

    const answer = await ops(t.url, 'POST', '/reviews/credit/2/reject', {
      reason: 'income unclear',
    })
    expect(answer.data).toEqual({ id: '2', status: 'rejected' })
    const message = await t.app.db
      .selectFrom('messages')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(message.title).toBe('review.credit.rejected.title')
    expect(JSON.parse(message.params)).toEqual({ amount: '700', id: '2', reason: 'income unclear' })
    await eventually(() =>
      live.events.some((e) => e.type === 'review:decided' && e.status === 'rejected'),
    )
    expect((await ops(t.url, 'POST', '/reviews/credit/2/approve')).http).toBe(404)
  })

  it('refuses unknown ids and malformed ones without writing', async () => {
    const before = await counts()
    expect((await ops(t.url, 'POST', '/reviews/credit/999/approve')).http).toBe(404)
    expect((await ops(t.url, 'POST', '/reviews/credit/abc/approve')).http).toBe(400)
    expect((await ops(t.url, 'POST', '/reviews/credit/-1/approve')).http).toBe(400)
    expect((await ops(t.url, 'POST', '/reviews/lottery/3/approve')).http).toBe(400)
    expect((await ops(t.url, 'POST', '/reviews/block/3/approve')).http).toBe(404)
    expect(await counts()).toEqual(before)
  })

  it('decides a request exactly once when operators race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? ops(t.url, 'POST', '/reviews/credit/3/approve')
          : ops(t.url, 'POST', '/reviews/credit/3/reject', { reason: 'race' }),
      ),
    )
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.http === 404)).toHaveLength(9)
    const audit = await t.app.db
      .selectFrom('audit')
      .select('id')
      .where('target', '=', 'credit:3')
      .execute()
    expect(audit).toHaveLength(1)
  })
})

describe('REVIEW_POLICY=auto', () => {
  it('decides pending requests by the queue rules after AUTO_REVIEW_DELAY_MS', async () => {
    const auto = await startTestApp({
      env: { OPS_TOKEN, REVIEW_POLICY: 'auto', AUTO_REVIEW_DELAY_MS: '400' },
    })
    try {
      await createFixtureTable(auto.app.db)
      auto.app.broker.reviews.replace(fixtureQueue('daytrade'))
      await newUser(auto, 'Auto0001')
      const id = await userIdOf(auto, 'Auto0001')
      const createdAt = auto.app.clock.now()
      await addRequest(auto.app.db, { id: 1, userId: id, amount: 10n, createdAt })
      await addRequest(auto.app.db, { id: 2, userId: id, amount: 5000n, createdAt })

      await new Promise((r) => setTimeout(r, 150))
      expect((await requestOf(auto.app.db, 1)).status).toBe('pending')

      const until = Date.now() + 5_000
      while ((await requestOf(auto.app.db, 2)).status === 'pending' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(await requestOf(auto.app.db, 1)).toMatchObject({ status: 'approved' })
      expect(await requestOf(auto.app.db, 2)).toMatchObject({
        status: 'rejected',
        reason: 'above the fixture limit',
      })
      const audit = await auto.app.db
        .selectFrom('audit')
        .selectAll()
        .where('operator', '!=', DEMO_OPERATOR)
        .orderBy('id')
        .execute()
      expect(audit.map((a) => [a.operator, a.action])).toEqual([
        ['auto', 'review.daytrade.approve'],
        ['auto', 'review.daytrade.reject'],
      ])
      expect(Number(audit[0]!.at) - createdAt).toBeGreaterThanOrEqual(400)
    } finally {
      await auto.stop()
    }
  })
})
