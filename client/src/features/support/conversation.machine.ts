import type {
  SupportMessage,
  SupportSendRequest,
  SupportSent,
  SupportStatus,
  SupportThreadDetail,
} from '@kabu/shared/api/support'
import { SUPPORT_TEXT_MAX } from '@kabu/shared/api/support'
import { and, assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, recordFailure } from '../../state/machine-helpers'

export interface ConversationContext {
  /** Null until the first message of a new conversation has been sent. */
  threadId: string | null
  status: SupportStatus | null
  messages: SupportMessage[]
  /** The composer's draft. */
  text: string
  /** The photo attached to the draft: its upload id once sent, and the phone's local preview. */
  image: { id: string | null; preview: string } | null
  /**
   * The key of the draft being sent: kept after a failed send, so a retry of the same draft
   * cannot post it twice; a new draft gets a new one.
   */
  idem: string | null
  /** Why the conversation could not be loaded, or the last send failed. */
  failure: string | null
}

export type ConversationEvent =
  | { type: 'RETRY' }
  | { type: 'TEXT'; text: string }
  /** A photo picked: `preview` is its local object URL (the screen owns and revokes it). */
  | { type: 'ATTACH'; file: Blob; preview: string }
  | { type: 'REMOVE_IMAGE' }
  | { type: 'SEND' }
  /** A `support:message` pushed on the `/user` socket. */
  | { type: 'ARRIVED'; thread: string; status: SupportStatus; message: SupportMessage }

/** Adds a message unless it is already shown (a reply heard live and read again, a retry). */
const withMessage = (messages: SupportMessage[], message: SupportMessage) =>
  messages.some((m) => m.id === message.id) ? messages : [...messages, message]

/**
 * One customer-service conversation: loaded (or new, without a thread id), then a composer that
 * attaches a photo (uploaded at once, in the background) and sends text and photo together.
 * Operators' replies arrive as ARRIVED events and are added live. A closed conversation takes no
 * more messages. Calls are actors injected with `.provide()`; `newIdem` likewise.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as { threadId: string | null },
  },
  actors: {
    fetchThread: fromPromise<SupportThreadDetail, { id: string }>(notProvided('fetchThread')),
    upload: fromPromise<string, { file: Blob }>(notProvided('upload')),
    send: fromPromise<SupportSent, SupportSendRequest>(notProvided('send')),
    /** Tells the server the user has seen the thread's replies (opening it does so). */
    markRead: fromPromise<unknown, { id: string }>(notProvided('markRead')),
  },
  actions: {
    loaded: assign((_, detail: SupportThreadDetail) => ({
      threadId: detail.thread.id,
      status: detail.thread.status,
      messages: detail.messages,
      failure: null,
    })),
    recordError: assign((_, params: { error: unknown }) => ({ failure: errorKey(params.error) })),
    /** A refused send keeps the draft and its key; a conversation closed meanwhile shows as closed. */
    sendFailed: assign(({ context }, params: { error: unknown }) => {
      const failure = errorKey(params.error)
      return {
        failure,
        status: failure === 'support_thread_closed' ? ('closed' as const) : context.status,
      }
    }),
    takeText: assign((_, text: string) => ({ text: text.slice(0, SUPPORT_TEXT_MAX), idem: null })),
    attach: assign((_, preview: string) => ({ image: { id: null, preview }, idem: null })),
    attached: assign(({ context }, id: string) => ({
      image: context.image ? { ...context.image, id } : null,
    })),
    removeImage: assign({ image: null, idem: null }),
    newIdem: assign({ idem: () => `support-${Date.now()}-${Math.random().toString(36).slice(2)}` }),
    sent: assign(({ context }, sent: SupportSent) => ({
      threadId: sent.thread.id,
      status: sent.thread.status,
      messages: withMessage(context.messages, sent.message),
      text: '',
      image: null,
      idem: null,
      failure: null,
    })),
    arrived: assign(({ context }, event: { status: SupportStatus; message: SupportMessage }) => ({
      status: event.status,
      messages: withMessage(context.messages, event.message),
    })),
  },
  guards: {
    isNew: ({ context }) => context.threadId === null,
    canSend: ({ context }) =>
      context.status !== 'closed' &&
      (context.text.trim().length > 0 || context.image?.id != null) &&
      (context.image === null || context.image.id !== null),
    hasIdem: ({ context }) => context.idem !== null,
    ofThisThread: ({ context, event }) =>
      event.type === 'ARRIVED' && event.thread === context.threadId,
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    threadId: input.threadId,
    status: null,
    messages: [],
    text: '',
    image: null,
    idem: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchThread',
        input: ({ context }) => ({ id: context.threadId ?? '' }),
        onDone: {
          target: 'ready',
          actions: { type: 'loaded', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: recordFailure },
      },
      // A reply heard while the thread is on its way may not be in it: ask again.
      on: { ARRIVED: { guard: 'ofThisThread', target: 'loading', reenter: true } },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        reading: {
          initial: 'quiet',
          states: {
            quiet: {
              on: {
                ARRIVED: {
                  guard: 'ofThisThread',
                  actions: { type: 'arrived', params: ({ event }) => event },
                  target: 'marking',
                },
              },
            },
            marking: {
              invoke: {
                src: 'markRead',
                input: ({ context }) => ({ id: context.threadId ?? '' }),
                // Not worth telling the user about: the list shows it unread at worst.
                onDone: 'quiet',
                onError: 'quiet',
              },
              on: {
                // A reply shown on the open conversation is read: the list must not call it new.
                ARRIVED: {
                  guard: 'ofThisThread',
                  actions: { type: 'arrived', params: ({ event }) => event },
                  target: 'marking',
                  reenter: true,
                },
              },
            },
          },
        },
        composer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                TEXT: { actions: { type: 'takeText', params: ({ event }) => event.text } },
                ATTACH: {
                  target: 'uploading',
                  actions: { type: 'attach', params: ({ event }) => event.preview },
                },
                REMOVE_IMAGE: { actions: 'removeImage' },
                SEND: [
                  { guard: and(['canSend', 'hasIdem']), target: 'sending' },
                  { guard: 'canSend', target: 'sending', actions: 'newIdem' },
                ],
              },
            },
            uploading: {
              tags: ['uploading'],
              on: { TEXT: { actions: { type: 'takeText', params: ({ event }) => event.text } } },
              invoke: {
                src: 'upload',
                input: ({ event }) => ({ file: (event as { file: Blob }).file }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'attached', params: ({ event }) => event.output },
                },
                // Refused (the upload code has toasted why): the draft keeps no photo.
                onError: { target: 'idle', actions: ['removeImage', recordFailure] },
              },
            },
            sending: {
              tags: ['sending'],
              invoke: {
                src: 'send',
                input: ({ context }) => ({
                  thread: context.threadId ?? undefined,
                  text: context.text.trim(),
                  image: context.image?.id ?? undefined,
                  idem: context.idem ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'sent', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'sendFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
})
