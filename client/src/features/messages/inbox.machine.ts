import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage } from '@kabu/shared/api/inbox'
import { assign, fromPromise, setup } from 'xstate'

export interface InboxContext {
  items: InboxItem[]
  unread: number
  /** The last page loaded. */
  page: number
  /** A full last page means there may be more. */
  hasMore: boolean
  /** The `msg` of the last failed load, if any (the list stays as it was). */
  failure: string | null
}

export type InboxEvent =
  | { type: 'REFRESH' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** A `message:new` arrived on the `/user` socket. */
  | { type: 'ARRIVED' }

const notProvided = () => Promise.reject(new Error('fetchPage is not provided'))

const failureOf = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
}

/**
 * The inbox of `/mine/message`: loading → list | empty | failed; a pull, a retry or a message
 * arriving live reloads the first page; scrolling on loads the next. The page fetch is an actor
 * injected with `.provide()`, so the screen runs the real call and the test a fake.
 */
export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: { fetchPage: fromPromise<InboxPage, { page: number }>(notProvided) },
  actions: {
    replace: assign((_, page: InboxPage) => ({
      items: page.list,
      unread: page.unread,
      page: 1,
      hasMore: page.list.length === INBOX_PAGE_SIZE,
      failure: null,
    })),
    append: assign(({ context }, page: InboxPage) => {
      const known = new Set(context.items.map((m) => m.id))
      return {
        items: [...context.items, ...page.list.filter((m) => !known.has(m.id))],
        unread: page.unread,
        page: context.page + 1,
        hasMore: page.list.length === INBOX_PAGE_SIZE,
        failure: null,
      }
    }),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    hasMore: ({ context }) => context.hasMore,
  },
}).createMachine({
  id: 'inbox',
  context: { items: [], unread: 0, page: 0, hasMore: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // A message that arrives while a page is on its way may not be in it: ask again.
      on: { ARRIVED: { target: 'loading', reenter: true } },
      invoke: {
        src: 'fetchPage',
        input: { page: 1 },
        onDone: {
          target: 'shown',
          actions: { type: 'replace', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    failed: {
      on: { RETRY: 'loading', REFRESH: 'loading', ARRIVED: 'loading' },
    },
    shown: {
      initial: 'settling',
      states: {
        settling: {
          always: [{ guard: 'hasItems', target: 'list' }, { target: 'empty' }],
        },
        empty: {
          tags: ['empty'],
          on: { REFRESH: 'refreshing', ARRIVED: 'refreshing' },
        },
        list: {
          on: {
            REFRESH: 'refreshing',
            ARRIVED: 'refreshing',
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          on: { ARRIVED: { target: 'refreshing', reenter: true } },
          invoke: {
            src: 'fetchPage',
            input: { page: 1 },
            onDone: {
              target: 'settling',
              actions: { type: 'replace', params: ({ event }) => event.output },
            },
            onError: {
              target: 'settling',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: {
              target: 'list',
              actions: { type: 'append', params: ({ event }) => event.output },
            },
            onError: {
              target: 'list',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
      },
    },
  },
})
