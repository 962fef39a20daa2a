import type { NewsCategory, NewsItem, NewsPage } from '@kabu/shared/api/news'
import { assign, fromPromise, setup } from 'xstate'

export interface NewsListContext {
  /** The tab shown; null is "all". */
  category: NewsCategory | null
  items: NewsItem[]
  /** The last page loaded. */
  page: number
  /** Articles in this category on the server, as of the last page loaded. */
  total: number
  /** The `msg` of the last failed load, if any (the list stays as it was). */
  failure: string | null
}

export type NewsListEvent =
  | { type: 'CATEGORY'; category: NewsCategory | null }
  | { type: 'REFRESH' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }

export interface PageRequest {
  page: number
  category: NewsCategory | null
}

const notProvided = () => Promise.reject(new Error('fetchPage is not provided'))

const failureOf = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
}

/**
 * `/news/index`: loading → list | empty | failed, per category tab. Switching tabs loads that
 * category's first page; a pull or a retry reloads it; reaching the end of the list loads the next
 * page while the server says there are more. The page fetch is an actor given with `.provide()`.
 */
export const newsListMachine = setup({
  types: {
    context: {} as NewsListContext,
    events: {} as NewsListEvent,
    input: {} as { category: NewsCategory | null },
  },
  actors: { fetchPage: fromPromise<NewsPage, PageRequest>(notProvided) },
  actions: {
    replace: assign((_, page: NewsPage) => ({
      items: page.list,
      total: page.total,
      page: 1,
      failure: null,
    })),
    append: assign(({ context }, page: NewsPage) => {
      // An article published meanwhile shifts the pages: skip what is already shown.
      const known = new Set(context.items.map((item) => item.id))
      return {
        items: [...context.items, ...page.list.filter((item) => !known.has(item.id))],
        total: page.total,
        page: context.page + 1,
        failure: null,
      }
    }),
    selectCategory: assign(({ event }) => {
      if (event.type !== 'CATEGORY') return {}
      return { category: event.category, items: [], total: 0, page: 0, failure: null }
    }),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    hasMore: ({ context }) => context.items.length < context.total,
    otherCategory: ({ context, event }) =>
      event.type === 'CATEGORY' && event.category !== context.category,
  },
}).createMachine({
  id: 'newsList',
  context: ({ input }) => ({
    category: input.category,
    items: [],
    page: 0,
    total: 0,
    failure: null,
  }),
  initial: 'loading',
  on: {
    CATEGORY: {
      guard: 'otherCategory',
      target: '.loading',
      reenter: true,
      actions: 'selectCategory',
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ page: 1, category: context.category }),
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
      tags: ['failed'],
      on: { RETRY: 'loading', REFRESH: 'loading' },
    },
    shown: {
      initial: 'settling',
      states: {
        settling: {
          always: [{ guard: 'hasItems', target: 'list' }, { target: 'empty' }],
        },
        empty: {
          tags: ['empty'],
          on: { REFRESH: 'refreshing' },
        },
        list: {
          on: {
            REFRESH: 'refreshing',
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ page: 1, category: context.category }),
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
            input: ({ context }) => ({ page: context.page + 1, category: context.category }),
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
