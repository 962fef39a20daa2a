import { randomUUID } from 'node:crypto'
import { assign, fromPromise, type AnyEventObject } from 'xstate'
import type {
  SupportMessageEvent,
  SupportSent,
  SupportThreadDetail,
  SupportThreadItem,
} from '@kabu/shared/api/support'
import {
  conversationMachine,
  type ConversationContext,
} from '../../../client/src/features/support/conversation.machine'
import { LISTENING } from '../../../client/src/realtime/user-events'
import { uploadPhoto } from '../accounts'
import { needsOf, same, type QaModel } from '../model'
import { caller, userFeedOn } from './live'

/**
 * A customer-service conversation (spec §4 support, `/mine/supportInfo`) opened by a fresh user:
 * a message written (a photo attached, uploaded in the background, or removed again) and sent,
 * which opens the thread; the operator's reply through the back office (`POST /api/ops/support/
 * :thread/reply`) heard on the `/user` socket (`support:message`) as the screen hears it, and read
 * (the thread's unread count back to 0); the operator closing the thread, after which a send is
 * refused (`support_thread_closed`) and the conversation shows closed. The user's thread list
 * (`/user/supportThreads`) is checked in each state: the thread's status, its last message and
 * who wrote it, and that a reply shown is read. An existing thread's loading (and its failure) is
 * the screen opened on a thread id: the kit always starts a new conversation.
 */

const SENDING = '0.conversation.ready.composer.sending'
const UPLOADING = '0.conversation.ready.composer.uploading'
const MARKING = '0.conversation.ready.reading.marking'
const TEXT = 'QA: where is my deposit?'
const REPLY = 'QA operator: it is on its way.'
const REPLY_WAIT_MS = 15_000

const message = (id: string, author: 'user' | 'operator', text: string) => ({
  id,
  thread: 'T',
  author,
  text,
  image: null,
  created: 0,
})
const sent = {
  type: `xstate.done.actor.${SENDING}`,
  output: { thread: { id: 'T', status: 'open' }, message: message('m', 'user', TEXT) },
}
const closedRefusal = {
  type: `xstate.error.actor.${SENDING}`,
  error: { msg: 'support_thread_closed' },
}
const arrived = {
  type: 'ARRIVED',
  thread: 'T',
  status: 'answered',
  message: message('r', 'operator', REPLY),
}

type Snapshot = { matches: (v: never) => boolean; context: ConversationContext }
const composing = (s: Snapshot, state: string) => s.matches({ ready: { composer: state } } as never)

/**
 * What the user, the upload and the gateway can do in each state: one region moves at a time (a
 * reply is not raced against an upload or a send: the kit could not choose which lands first).
 */
function events(s: Snapshot): AnyEventObject[] {
  const { threadId, status, text, image } = s.context
  if (s.matches({ ready: { reading: 'marking' } } as never))
    return composing(s, 'idle') ? [{ type: `xstate.done.actor.${MARKING}` }] : []
  const open = threadId !== null && status !== 'closed'
  if (composing(s, 'uploading')) return [{ type: `xstate.done.actor.${UPLOADING}`, output: 'U' }]
  if (composing(s, 'sending')) return [sent, ...(open ? [closedRefusal] : [])]
  if (!composing(s, 'idle')) return []
  const canSend = status !== 'closed' && (text !== '' || image?.id != null)
  const writing = status !== 'closed'
  return [
    ...(text === '' && writing ? [{ type: 'TEXT', text: TEXT }] : []),
    ...(image === null && writing ? [{ type: 'ATTACH', file: new Blob(['x']), preview: 'p' }] : []),
    ...(image?.id != null ? [{ type: 'REMOVE_IMAGE' }] : []),
    ...(canSend ? [{ type: 'SEND' }] : []),
    // A reply comes to an empty composer (one drafted beside it changes nothing of either).
    ...(open && text === '' && image === null ? [arrived] : []),
  ]
}

export const supportModel: QaModel = {
  name: 'support',
  source: 'client/src/features/support/conversation.machine.ts',
  machine: conversationMachine,
  input: { threadId: null },
  events: events as unknown as QaModel['events'],
  // The messages themselves are the gateway's to check: the graph needs what the composer holds.
  serializeState: (s) => {
    const { threadId, status, text, image, failure } = s.context as ConversationContext
    const photo = image === null ? null : image.id === null ? 'uploading' : 'attached'
    return JSON.stringify([s.value, threadId !== null, status, text !== '', photo, failure])
  },
  // A refused send would be refused again: it ends its path.
  keep: (steps) => {
    const i = steps.findIndex((s) => s.event.type === closedRefusal.type)
    return i === -1 || i === steps.length - 1
  },
  // The operator replies and closes through the back office; writing needs only an account.
  needs: needsOf([], { ARRIVED: ['ops'], [closedRefusal.type]: ['ops'] }),
  async start(kit) {
    const { target } = kit
    const grant = await kit.accounts.fresh()
    const call = caller(target, grant)
    // The screen's useSupportReplies: every reply pushed on the user's socket, kept for the step
    // that waits for it.
    const replies: SupportMessageEvent[] = []
    let listening = false
    const feed = userFeedOn(target, grant).subscribe((item) => {
      if (item.type === LISTENING.type) listening = true
      if (item.type === 'support:message') replies.push(item)
    })
    const until = async (done: () => boolean, what: string) => {
      for (const end = Date.now() + REPLY_WAIT_MS; !done();) {
        if (Date.now() > end) throw new Error(`${what} not heard in ${REPLY_WAIT_MS} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const threadOf = (actor: { getSnapshot(): unknown }) =>
      (actor.getSnapshot() as Snapshot).context.threadId
    let thread: string | null = null
    return {
      grant,
      input: { threadId: null },
      machine: conversationMachine.provide({
        actors: {
          fetchThread: fromPromise(({ input }) =>
            call<SupportThreadDetail>('/user/supportThread', input),
          ),
          // The kit's own photo stands for the one picked (the graph's file is a stand-in).
          upload: fromPromise(() => uploadPhoto(target, grant, 'support')),
          send: fromPromise(async ({ input }) => {
            const answer = await call<SupportSent>('/user/supportSend', {
              thread: input.thread,
              text: input.text ?? '',
              image: input.image,
              idem: input.idem,
            })
            thread = answer.thread.id
            return answer
          }),
          markRead: fromPromise(({ input }) => call('/user/supportThread', input)),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps, index }) {
        if (event.type === 'ARRIVED') {
          // The operator replies; the push reaches the machine as the screen passes it on.
          await until(() => listening, 'the /user socket')
          const heard = replies.length
          await target.ops('POST', `/support/${threadOf(actor)}/reply`, { text: REPLY })
          await until(() => replies.length > heard, 'the operator reply (support:message)')
          const reply = replies[heard]!
          actor.send({ ...reply, type: 'ARRIVED' })
          return true
        }
        const refused = steps[index + 1]?.event.type === closedRefusal.type
        if (event.type === 'SEND' && refused)
          // The operator closed the conversation while the user was writing.
          await target.ops('POST', `/support/${threadOf(actor)}/close`)
        return false
      },
      async agrees(_state, snapshot) {
        // Sending: the message may or may not be written yet.
        if (composing(snapshot as never, 'sending')) return
        const { threadId, status, messages, failure } = snapshot.context as ConversationContext
        const { list } = await call<{ list: SupportThreadItem[] }>('/user/supportThreads', {
          page: '1',
        })
        if (threadId === null) return same(list.length, 0, 'no conversation yet')
        const row = list.find((t) => t.id === threadId)
        const last = messages.at(-1)
        same(
          [row?.status, row?.last_author, row?.last_text],
          [status, last?.author, last?.text],
          'the thread: status, last message',
        )
        if (failure === 'support_thread_closed') same(row?.status, 'closed', 'refused: closed')
        // A reply shown and marked read is no longer unread.
        if (
          snapshot.matches({ ready: { reading: 'quiet' } } as never) &&
          last?.author === 'operator'
        )
          same(row?.unread, 0, 'the reply read')
      },
      async stop() {
        feed.unsubscribe()
        // Leaves no conversation of the kit's waiting in the operators' queue.
        if (thread && kit.powers.ops)
          await target.ops('POST', `/support/${thread}/close`).catch(() => undefined)
      },
    }
  },
}
