import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from './machine-helpers'

export interface DetailContext<T> {
  id: string
  item: T | null
  /** The refusal's message key (`not_found`, …) or `network_error`. */
  failure: string | null
}

/**
 * One record opened by its id (`/news/info?id=`, `/mine/messageInfo?id=`): loading → shown |
 * failed, RETRY loads again. The call arrives as the `fetchItem` actor through `.provide()`.
 */
export const detailMachine = <T>(id: string) =>
  setup({
    types: {
      context: {} as DetailContext<T>,
      input: {} as { id: string },
      events: {} as { type: 'RETRY' },
    },
    actors: { fetchItem: fromPromise<T, { id: string }>(notProvided('fetchItem')) },
  }).createMachine({
    id,
    context: ({ input }) => ({ id: input.id, item: null, failure: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'fetchItem',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'shown',
            actions: assign({ item: ({ event }) => event.output, failure: null }),
          },
          onError: {
            target: 'failed',
            actions: assign({ failure: ({ event }) => errorKey(event.error) }),
          },
        },
      },
      shown: { type: 'final' },
      failed: { on: { RETRY: 'loading' } },
    },
  })
