import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupportSent, SupportThreadDetail } from '@kabu/shared/api/support'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { photo, upload, uploadId } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'
import { newUser } from './ops-client'
import { startSupportApp, supportCalls } from './support-threads.support'

/**
 * Customer service over real HTTP and sockets: a user's threads are theirs alone, bad input writes
 * nothing, a send is idempotent, and an attachment must be the sender's own `support` upload (the
 * operators' side is in support-office.test.ts).
 */

let t: TestApp
let alice: SessionGrant
let bob: SessionGrant
const { send, sent, threads, rows } = supportCalls(() => t)

beforeAll(async () => {
  t = await startSupportApp()
  alice = await newUser(t, 'SupAlice1')
  bob = await newUser(t, 'SupBob001')
})
afterAll(() => t.stop())

describe('a user’s conversations', () => {
  it('starts a thread, continues it, and lists it newest first', async () => {
    const first = await sent(alice, { text: '  入金が反映されません  ' })
    expect(first.thread).toMatchObject({
      status: 'open',
      subject: '入金が反映されません',
      last_author: 'user',
      unread: 0,
    })
    expect(first.message).toMatchObject({
      author: 'user',
      text: '入金が反映されません',
      image: null,
    })
    const second = await sent(alice, { thread: first.thread.id, text: 'Order no. 12' })
    expect(second.thread).toMatchObject({ id: first.thread.id, last_text: 'Order no. 12' })
    const other = await sent(alice, { text: 'Another question' })
    const list = (await threads(alice)).list
    expect(list.map((x) => x.id)).toEqual([other.thread.id, first.thread.id])
    const detail = await brokerData<SupportThreadDetail>(
      t.url,
      '/user/supportThread',
      { id: first.thread.id },
      session(alice),
    )
    expect(detail.messages.map((m) => m.text)).toEqual(['入金が反映されません', 'Order no. 12'])
  })

  it('shows nobody else’s threads: not listed, not readable, not writable', async () => {
    const mine = await sent(alice, { text: 'private matter' })
    expect((await threads(bob)).list).toEqual([])
    const read = await brokerApi(t.url, '/user/supportThread', { id: mine.thread.id }, session(bob))
    expect(read).toMatchObject({ status: 0, msg: 'not_found' })
    const before = await rows()
    const write = await send(bob, { thread: mine.thread.id, text: 'hello from bob' })
    expect(write).toMatchObject({ status: 0, msg: 'not_found' })
    expect(await rows()).toEqual(before)
    const anonymous = await brokerApi(t.url, '/user/supportThreads', {})
    expect(anonymous).toMatchObject({ http: 401, msg: 'please_login_again' })
  })

  it('refuses bad input with a known key and writes nothing', async () => {
    const before = await rows()
    const probes: Array<[Record<string, string>, string]> = [
      [{ text: '' }, 'invalid_input'],
      [{ text: '   ' }, 'invalid_input'],
      [{ text: 'x'.repeat(2001) }, 'invalid_input'],
      [{ text: 'nul\u0000byte' }, 'invalid_input'],
      [{ text: 'ok', thread: 'abc' }, 'invalid_input'],
      [{ text: 'ok', thread: '0' }, 'invalid_input'],
      [{ text: 'ok', thread: '999999' }, 'not_found'],
      [{ text: 'ok', image: 'not-an-upload-id' }, 'invalid_input'],
      [{ text: 'ok', idem: 'short' }, 'invalid_input'],
    ]
    for (const [form, msg] of probes) {
      const answer = await send(alice, form)
      expect(answer, JSON.stringify(form).slice(0, 80)).toMatchObject({ http: 200, status: 0, msg })
    }
    for (const [path, form] of [
      ['/user/supportThreads', { page: '0' }],
      ['/user/supportThreads', { page: 'x' }],
      ['/user/supportThread', {}],
      ['/user/supportThread', { id: '-1' }],
    ] as const) {
      const answer = await brokerApi(t.url, path, form, session(alice))
      expect(answer, path).toMatchObject({ http: 200, status: 0, msg: 'invalid_input' })
    }
    expect(await rows()).toEqual(before)
  })

  it('is idempotent: the same key and body answer the first result once', async () => {
    const before = await rows()
    const form = { text: 'double tap', idem: 'support-idem-fixed-1' }
    const a = await sent(alice, form)
    const b = await sent(alice, form)
    expect(b).toEqual(a)
    expect(await rows()).toEqual({
      threads: before.threads + 1,
      messages: before.messages + 1,
    })
    const other = await send(alice, { ...form, text: 'another text' })
    expect(other).toMatchObject({ status: 0, msg: 'idempotency_conflict' })
    // The key is the user's: bob may use the same string for his own message.
    await sent(bob, form)
  })

  it('posts once when the same send races itself (a double tap on two connections)', async () => {
    const before = await rows()
    const form = { text: 'racing', idem: 'support-idem-race-1' }
    const answers = await Promise.all([send(alice, form), send(alice, form), send(alice, form)])
    for (const answer of answers) expect(answer).toMatchObject({ status: 1 })
    expect(new Set(answers.map((a) => (a.data as SupportSent).message.id)).size).toBe(1)
    expect(await rows()).toEqual({ threads: before.threads + 1, messages: before.messages + 1 })
  })

  it('refuses a flood: more than 20 messages a minute is too_frequent, and nothing is written', async () => {
    const erin = await newUser(t, 'SupErin01')
    const first = await sent(erin, { text: 'message 1' })
    for (let i = 2; i <= 20; i++)
      await sent(erin, { thread: first.thread.id, text: `message ${i}` })
    const before = await rows()
    const flood = await send(erin, { thread: first.thread.id, text: 'message 21' })
    expect(flood).toMatchObject({ status: 0, msg: 'too_frequent' })
    expect(await send(erin, { text: 'a new thread' })).toMatchObject({ msg: 'too_frequent' })
    expect(await rows()).toEqual(before)
    // Another user is not held back by it.
    await sent(bob, { text: 'unrelated' })
  })
})

describe('attachments', () => {
  it('takes the sender’s own support upload, with or without text', async () => {
    const image = await uploadId(t, alice, 'support')
    const withText = await sent(alice, { text: 'screenshot attached', image })
    expect(withText.message).toMatchObject({ image, text: 'screenshot attached' })
    const onlyImage = await sent(alice, { thread: withText.thread.id, image })
    expect(onlyImage.message).toMatchObject({ image, text: '' })
    // The owner can fetch it; the operator too (tested with the uploads area).
    const res = await fetch(`${t.url}/api/vue/common/upload/${image}`, { headers: session(alice) })
    expect(res.status).toBe(200)
  })

  it('refuses another user’s upload and an upload of another kind, writing nothing', async () => {
    const bobs = await uploadId(t, bob, 'support')
    const voucher = await uploadId(t, alice, 'voucher')
    const before = await rows()
    expect(await send(alice, { text: 'look', image: bobs })).toMatchObject({
      status: 0,
      msg: 'not_found',
    })
    expect(await send(alice, { text: 'look', image: voucher })).toMatchObject({
      status: 0,
      msg: 'not_found',
    })
    expect(await rows()).toEqual(before)
  })

  it('accepts `support` as an upload kind and still refuses unknown kinds', async () => {
    expect((await upload(t, alice, 'selfie', await photo('png'))).msg).toBe('invalid_input')
  })
})
