import type { MessageDetail } from '@kabu/shared/api/inbox'
import { assign, fromPromise, setup } from 'xstate'

export interface MessageContext {
  id: string
  message: MessageDetail | null
  failure: string | null
}

const notProvided = () => Promise.reject(new Error('fetchMessage is not provided'))

/** `/mine/messageInfo?id=`: loading → shown | failed (RETRY loads again). Opening marks it read. */
export const messageMachine = setup({
  types: {
    context: {} as MessageContext,
    input: {} as { id: string },
    events: {} as { type: 'RETRY' },
  },
  actors: { fetchMessage: fromPromise<MessageDetail, { id: string }>(notProvided) },
}).createMachine({
  id: 'message',
  context: ({ input }) => ({ id: input.id, message: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchMessage',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: assign({ message: ({ event }) => event.output, failure: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => {
              const msg = (event.error as { msg?: unknown } | null)?.msg
              return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
            },
          }),
        },
      },
    },
    shown: { type: 'final' },
    failed: { on: { RETRY: 'loading' } },
  },
})
