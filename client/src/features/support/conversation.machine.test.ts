import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type {
  SupportMessage,
  SupportSendRequest,
  SupportSent,
  SupportThreadItem,
} from '@kabu/shared/api/support'
import { conversationMachine } from './conversation.machine'

const thread = (status: SupportThreadItem['status'] = 'open'): SupportThreadItem => ({
  id: '7',
  status,
  subject: 'q',
  last_text: 'q',
  last_author: 'user',
  unread: 0,
  created: 1,
  updated: 1,
})
const message = (id: string, author: SupportMessage['author'], text: string): SupportMessage => ({
  id,
  thread: '7',
  author,
  text,
  image: null,
  created: Number(id),
})
const refusal = (msg: string) => Object.assign(new Error(msg), { msg })

/** A fake server: `sends` answers in order (an Error is a refused call); every request kept. */
function run(threadId: string | null, sends: Array<SupportSent | Error>, upload = 'upload-id') {
  const sent: SupportSendRequest[] = []
  let keys = 0
  let reads = 0
  const actor = createActor(
    conversationMachine.provide({
      actors: {
        fetchThread: fromPromise(async () => ({
          thread: thread(),
          messages: [message('1', 'user', 'hello')],
        })),
        upload: fromPromise(async () => upload),
        markRead: fromPromise<unknown, { id: string }>(async () => void reads++),
        send: fromPromise(async ({ input }: { input: SupportSendRequest }) => {
          sent.push(input)
          const next = sends.shift()
          if (!next) throw new Error('no more answers')
          if (next instanceof Error) throw next
          return next
        }),
      },
      actions: { newIdem: ({ context }) => void (context.idem = `key-${++keys}`) },
    }),
    { input: { threadId } },
  ).start()
  return { actor, sent, reads: () => reads }
}

describe('conversationMachine', () => {
  it('starts a new conversation without loading, and keeps the thread it gets', async () => {
    const { actor, sent } = run(null, [{ thread: thread(), message: message('2', 'user', 'hi') }])
    expect(actor.getSnapshot().matches({ ready: { composer: 'idle' } })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'SEND' })).toBe(false)
    actor.send({ type: 'TEXT', text: '  hi  ' })
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.messages.length === 1)
    expect(sent[0]).toMatchObject({ text: 'hi', thread: undefined, image: undefined })
    expect(actor.getSnapshot().context).toMatchObject({ threadId: '7', text: '', idem: null })
  })

  it('resends a failed draft with the same key, and a new draft with a new one', async () => {
    const { actor, sent } = run('7', [
      refusal('network_error'),
      { thread: thread(), message: message('2', 'user', 'again') },
      { thread: thread(), message: message('3', 'user', 'next') },
    ])
    await waitFor(actor, (s) => s.matches({ ready: { composer: 'idle' } }))
    actor.send({ type: 'TEXT', text: 'again' })
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.failure === 'network_error')
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.messages.length === 2)
    actor.send({ type: 'TEXT', text: 'next' })
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.messages.length === 3)
    expect(sent.map((s) => [s.text, s.idem, s.thread])).toEqual([
      ['again', sent[0]!.idem, '7'],
      ['again', sent[0]!.idem, '7'],
      ['next', sent[2]!.idem, '7'],
    ])
    expect(sent[2]!.idem).not.toBe(sent[0]!.idem)
  })

  it('sends a photo once it is uploaded, and adds replies heard live once', async () => {
    const { actor, sent, reads } = run('7', [
      { thread: thread(), message: message('2', 'user', '') },
    ])
    await waitFor(actor, (s) => s.matches({ ready: { composer: 'idle' } }))
    actor.send({ type: 'ATTACH', file: new Blob(['x']), preview: 'blob:1' })
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true)
    await waitFor(actor, (s) => s.context.image?.id === 'upload-id')
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.messages.length === 2)
    expect(sent[0]).toMatchObject({ image: 'upload-id', text: '' })
    const reply = message('9', 'operator', 'we are on it')
    actor.send({ type: 'ARRIVED', thread: '7', status: 'answered', message: reply })
    actor.send({ type: 'ARRIVED', thread: '7', status: 'answered', message: reply })
    actor.send({
      type: 'ARRIVED',
      thread: '8',
      status: 'answered',
      message: message('10', 'operator', 'x'),
    })
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual(['1', '2', '9'])
    expect(actor.getSnapshot().context.status).toBe('answered')
    // Seen on the open conversation: the server is told it was read.
    await waitFor(actor, (s) => s.matches({ ready: { reading: 'quiet' } }))
    expect(reads()).toBeGreaterThanOrEqual(1)
  })

  it('shows a conversation closed meanwhile as closed, and sends no more', async () => {
    const { actor } = run('7', [refusal('support_thread_closed')])
    await waitFor(actor, (s) => s.matches({ ready: { composer: 'idle' } }))
    actor.send({ type: 'TEXT', text: 'hello?' })
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.status === 'closed')
    expect(actor.getSnapshot().can({ type: 'SEND' })).toBe(false)
  })
})
