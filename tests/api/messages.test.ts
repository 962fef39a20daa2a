import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connect } from 'socket.io-client'
import type { InboxPage, MessageDetail } from '@kabu/shared/api/inbox'
import type { SessionGrant } from '@kabu/shared/api/user'
import { USER_NAMESPACE } from '@kabu/shared/realtime'
import { startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { newUser, ops, OPS_TOKEN, userIdOf } from './ops-client'
import { eventually, userSocket } from './ops-user-socket'

let t: TestApp
let alice: SessionGrant
let bob: SessionGrant

const inbox = (grant: SessionGrant, page?: number) =>
  brokerData<InboxPage>(t.url, '/user/messages', page ? { page: String(page) } : {}, session(grant))

beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })
  alice = await newUser(t, 'Alice001')
  bob = await newUser(t, 'Bob00001')
})
afterAll(() => t.stop())

describe('the /user socket namespace', () => {
  it('refuses a handshake without a live session', async () => {
    for (const auth of [
      {},
      { token: 'nope', account: alice.account },
      { token: alice.token, account: bob.account },
      { token: 42, account: alice.account },
    ]) {
      const socket = connect(`${t.url}${USER_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        auth,
      })
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve))
      expect(error.message, JSON.stringify(auth)).toBe('please_login_again')
      socket.disconnect()
    }
  })

  it('delivers a user’s events to that user only, after the commit', async () => {
    const a = await userSocket(t.url, alice)
    const b = await userSocket(t.url, bob)
    try {
      const sent = await ops(t.url, 'POST', '/messages', {
        account: 'alice001',
        title: 'Maintenance',
        summary: 'Sunday 2:00-4:00',
        body: 'The service pauses for maintenance.',
      })
      expect(sent).toMatchObject({ http: 200, data: { sent: 1 } })
      await eventually(() => a.events.length === 1)
      expect(a.events[0]).toMatchObject({ type: 'message:new', title: 'Maintenance' })
      await new Promise((r) => setTimeout(r, 100))
      expect(b.events).toEqual([])
    } finally {
      a.socket.disconnect()
      b.socket.disconnect()
    }
  })

  it('ends the stream of a session that has ended (logout elsewhere)', async () => {
    const short = await startTestApp({
      env: { OPS_TOKEN, REVIEW_POLICY: 'manual' },
      deps: { userSessionRecheckMs: 100 },
    })
    try {
      const erin = await newUser(short, 'Erin0001')
      const e = await userSocket(short.url, erin)
      const closed = new Promise<string>((resolve) => e.socket.once('disconnect', resolve))
      await brokerApi(short.url, '/user/logout', {}, session(erin))
      expect(await closed).toBe('io server disconnect')
    } finally {
      await short.stop()
    }
  })

  it('tells a user banned elsewhere why their stream ends, when only the session check sees it', async () => {
    const short = await startTestApp({
      env: { OPS_TOKEN, REVIEW_POLICY: 'manual' },
      deps: { userSessionRecheckMs: 100 },
    })
    try {
      const fay = await newUser(short, 'Fay00001')
      const userId = await userIdOf(short, 'Fay00001')
      const f = await userSocket(short.url, fay)
      const closed = new Promise<string>((resolve) => f.socket.once('disconnect', resolve))
      // What another gateway's ban leaves in the store, without this gateway's own event.
      await short.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: 'banned' }).where('id', '=', userId).execute()
        await trx
          .updateTable('sessions')
          .set({ revoked_at: Date.now() })
          .where('user_id', '=', userId)
          .execute()
      })
      expect(await closed).toBe('io server disconnect')
      expect(f.events).toEqual([{ type: 'account:status', status: 'banned', tradingBarred: false }])
    } finally {
      await short.stop()
    }
  })

  it('ends the stream of a banned user, after telling them', async () => {
    const carol = await newUser(t, 'Carol001')
    const c = await userSocket(t.url, carol)
    const closed = new Promise<string>((resolve) => c.socket.once('disconnect', resolve))
    await ops(t.url, 'POST', '/users/Carol001/ban')
    expect(await closed).toBe('io server disconnect')
    expect(c.events).toEqual([{ type: 'account:status', status: 'banned', tradingBarred: false }])
  })
})

describe('Messages.send inside another area’s transaction', () => {
  it('announces a committed message, and never one that was rolled back', async () => {
    const dave = await newUser(t, 'Dave0001')
    const userId = await userIdOf(t, 'Dave0001')
    const d = await userSocket(t.url, dave)
    const { messages } = t.app.broker
    try {
      await t.app.db
        .transaction()
        .execute(async (trx) => {
          await messages.send(trx, { userId, title: 'lost', summary: 'never committed' })
          throw new Error('the business rule failed')
        })
        .catch(() => undefined)
      await t.app.db.transaction().execute(async (trx) => {
        await messages.send(trx, {
          userId,
          title: 'review.kyc.approved.title',
          summary: 'review.kyc.approved.summary',
          params: { id: '7' },
        })
      })
      await eventually(() => d.events.length === 1)
      await new Promise((r) => setTimeout(r, 300))
      expect(d.events).toMatchObject([
        { type: 'message:new', title: 'review.kyc.approved.title', params: { id: '7' } },
      ])
      expect((await inbox(dave)).list.map((m) => m.title)).toEqual(['review.kyc.approved.title'])
    } finally {
      d.socket.disconnect()
    }
  })
})

describe('/user/messages and /user/messageInfo', () => {
  it('lists only the caller’s messages, newest first, with the unread count', async () => {
    const page = await inbox(alice)
    expect(page.unread).toBe(1)
    expect(page.list).toEqual([
      {
        id: expect.stringMatching(/^\d+$/) as string,
        title: 'Maintenance',
        summary: 'Sunday 2:00-4:00',
        params: {},
        read: 0,
        created: expect.any(Number) as number,
      },
    ])
    expect(await inbox(bob)).toEqual({ list: [], unread: 0 })
  })

  it('opens a message, marks it read, and refuses anyone else’s id with not_found', async () => {
    const [first] = (await inbox(alice)).list
    const id = first!.id
    const asBob = await brokerApi(t.url, '/user/messageInfo', { id }, session(bob))
    expect(asBob).toMatchObject({ http: 200, status: 0, msg: 'not_found' })
    expect((await inbox(alice)).unread).toBe(1)

    const detail = await brokerData<MessageDetail>(
      t.url,
      '/user/messageInfo',
      { id },
      session(alice),
    )
    expect(detail).toMatchObject({ id, body: 'The service pauses for maintenance.' })
    const after = await inbox(alice)
    expect(after.unread).toBe(0)
    expect(after.list[0]?.read).toBe(1)
  })

  it('sends to everyone, pages by 20, and audits the operator’s message', async () => {
    for (let i = 0; i < 21; i++) {
      await ops(t.url, 'POST', '/messages', { all: true, title: `News ${i}`, summary: 'x' })
    }
    const users = await t.count('users')
    const audit = await t.app.db
      .selectFrom('audit')
      .selectAll()
      .where('target', '=', 'users:all')
      .execute()
    expect(audit).toHaveLength(21)
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ title: 'News 0', count: users })

    const first = await inbox(bob)
    expect(first.unread).toBe(21)
    expect(first.list).toHaveLength(20)
    expect(first.list[0]?.title).toBe('News 20')
    const second = await inbox(bob, 2)
    expect(second.list.map((m) => m.title)).toEqual(['News 0'])
  })

  it('answers bad input with a key and writes nothing', async () => {
    const before = await t.count('users')
    for (const form of [{ id: 'x' }, { id: '-1' }, { id: '' }, { id: '99999999999999999999' }]) {
      const answer = await brokerApi(t.url, '/user/messageInfo', form, session(alice))
      expect(answer, JSON.stringify(form)).toMatchObject({ status: 0, msg: 'invalid_input' })
    }
    expect(
      await brokerApi(t.url, '/user/messageInfo', { id: '123456' }, session(alice)),
    ).toMatchObject({
      status: 0,
      msg: 'not_found',
    })
    for (const page of ['0', 'abc', '-2', '1.5']) {
      const answer = await brokerApi(t.url, '/user/messages', { page }, session(alice))
      expect(answer.msg, page).toBe('invalid_input')
    }
    for (const body of [
      { title: 'x', summary: 'y' },
      { all: true, account: 'alice001', title: 'x', summary: 'y' },
      { all: true, title: '', summary: 'y' },
      { account: 'nobody77', title: 'x', summary: 'y' },
    ]) {
      expect((await ops(t.url, 'POST', '/messages', body)).http).toBeGreaterThanOrEqual(400)
    }
    expect(await t.count('users')).toBe(before)
    const mine = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', await userIdOf(t, 'Alice001'))
      .execute()
    expect(mine).toHaveLength(22)
  })

  it('needs a session', async () => {
    expect((await brokerApi(t.url, '/user/messages', {})).http).toBe(401)
    expect((await brokerApi(t.url, '/user/messageInfo', { id: '1' })).http).toBe(401)
  })
})
