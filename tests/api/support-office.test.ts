import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpsSupportThread } from '@kabu/shared/api/support'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { session, brokerData } from '../support/broker'
import { newUser, ops, OPS_TOKEN } from './ops-client'
import { eventually, userSocket } from './ops-user-socket'
import { startSupportApp, supportCalls } from './support-threads.support'

/**
 * Customer service's back office over real HTTP and sockets: the operators' queue, a reply
 * (audited) that reaches the user's socket as `support:message`, closing a thread, and bad calls
 * refused with a key (the user's side is in support.test.ts).
 */

let t: TestApp
let alice: SessionGrant
const { send, sent, threads, rows } = supportCalls(() => t)

beforeAll(async () => {
  t = await startSupportApp()
  alice = await newUser(t, 'SupAlice1')
})
afterAll(() => t.stop())

describe('the back office', () => {
  it('lists open threads, replies (audited) and the user hears support:message live', async () => {
    const carol = await newUser(t, 'SupCarol1')
    const asked = await sent(carol, { text: 'When is my withdrawal paid?' })
    const queue = await ops(t.url, 'GET', '/support?status=open')
    expect(queue.http).toBe(200)
    const row = (queue.data as OpsSupportThread[]).find((x) => x.id === asked.thread.id)
    expect(row).toMatchObject({ account: 'SupCarol1', status: 'open', last_author: 'user' })

    const socket = await userSocket(t.url, carol)
    const aliceSocket = await userSocket(t.url, alice)
    try {
      const reply = await fetch(`${t.url}/api/ops/support/${asked.thread.id}/reply`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${OPS_TOKEN}`,
          'x-operator': 'hanako',
        },
        body: JSON.stringify({ text: 'It is paid on the next business day.' }),
      })
      expect(reply.status).toBe(200)
      await eventually(() => socket.events.length === 1)
      expect(socket.events[0]).toMatchObject({
        type: 'support:message',
        thread: asked.thread.id,
        status: 'answered',
        message: { author: 'operator', text: 'It is paid on the next business day.', image: null },
      })
      await new Promise((r) => setTimeout(r, 100))
      expect(aliceSocket.events).toEqual([])
    } finally {
      socket.socket.disconnect()
      aliceSocket.socket.disconnect()
    }

    const listed = (await threads(carol)).list[0]
    expect(listed).toMatchObject({ status: 'answered', unread: 1, last_author: 'operator' })
    await brokerData(t.url, '/user/supportThread', { id: asked.thread.id }, session(carol))
    expect((await threads(carol)).list[0]).toMatchObject({ unread: 0 })
    const answered = await ops(t.url, 'GET', '/support?status=answered')
    expect((answered.data as OpsSupportThread[]).map((x) => x.id)).toContain(asked.thread.id)
    const open = await ops(t.url, 'GET', '/support')
    expect((open.data as OpsSupportThread[]).map((x) => x.id)).not.toContain(asked.thread.id)

    const trail = await ops(t.url, 'GET', `/audit?target=support:${asked.thread.id}`)
    expect(trail.data).toMatchObject([
      { operator: 'ops:hanako', action: 'support.reply', after: { status: 'answered' } },
    ])
    // The user writing again puts it back in the open queue.
    await sent(carol, { thread: asked.thread.id, text: 'Thanks!' })
    const again = await ops(t.url, 'GET', '/support?status=open')
    expect((again.data as OpsSupportThread[]).map((x) => x.id)).toContain(asked.thread.id)
  })

  it('closes a thread (audited); then neither side can write in it', async () => {
    const dave = await newUser(t, 'SupDave01')
    const asked = await sent(dave, { text: 'Please close my question' })
    const closed = await ops(t.url, 'POST', `/support/${asked.thread.id}/close`)
    expect(closed).toMatchObject({ http: 200, data: { status: 'closed' } })
    const before = await rows()
    expect(await send(dave, { thread: asked.thread.id, text: 'one more' })).toMatchObject({
      status: 0,
      msg: 'support_thread_closed',
    })
    const reply = await ops(t.url, 'POST', `/support/${asked.thread.id}/reply`, { text: 'late' })
    expect(reply).toMatchObject({ http: 409, status: 0, msg: 'support_thread_closed' })
    expect(await rows()).toEqual(before)
    const trail = await ops(t.url, 'GET', `/audit?target=support:${asked.thread.id}`)
    expect(trail.data).toMatchObject([{ operator: 'ops', action: 'support.close' }])
    // A new conversation is always possible.
    await sent(dave, { text: 'a new question' })
  })

  it('refuses bad calls with a known key, and without the token', async () => {
    const before = await rows()
    const mine = await sent(alice, { text: 'for the ops probes' })
    const after = await rows()
    for (const [method, path, body, http, msg] of [
      ['GET', '/support?status=pending', undefined, 400, 'invalid_input'],
      ['GET', '/support?page=0', undefined, 400, 'invalid_input'],
      ['GET', '/support/abc', undefined, 400, 'invalid_input'],
      ['GET', '/support/999999', undefined, 404, 'not_found'],
      ['POST', `/support/${mine.thread.id}/reply`, {}, 400, 'invalid_input'],
      ['POST', `/support/${mine.thread.id}/reply`, { text: '  ' }, 400, 'invalid_input'],
      ['POST', `/support/${mine.thread.id}/reply`, { text: 42 }, 400, 'invalid_input'],
      [
        'POST',
        `/support/${mine.thread.id}/reply`,
        { text: 'x'.repeat(2001) },
        400,
        'invalid_input',
      ],
      ['POST', '/support/999999/reply', { text: 'hello' }, 404, 'not_found'],
      ['POST', '/support/999999/close', undefined, 404, 'not_found'],
    ] as const) {
      const answer = await ops(t.url, method, path, body)
      expect(answer, `${method} ${path}`).toMatchObject({ http, status: 0, msg })
    }
    const anonymous = await ops(
      t.url,
      'POST',
      `/support/${mine.thread.id}/reply`,
      { text: 'x' },
      null,
    )
    expect(anonymous).toMatchObject({ http: 401, msg: 'please_login_again' })
    expect(await rows()).toEqual(after)
    expect(after.messages).toBe(before.messages + 1)
    const one = await ops(t.url, 'GET', `/support/${mine.thread.id}`)
    expect(one.data).toMatchObject({
      thread: { id: mine.thread.id, account: 'SupAlice1' },
      messages: [{ author: 'user', text: 'for the ops probes' }],
    })
  })
})
