import type { NewsCategory, NewsItem, NewsPage } from '@kabu/shared/api/news'
import { assign, fromPromise, setup } from 'xstate'
import { hasItems, pageAssignments, pagedListStates, type PagedList } from '../../state/paged-list'
import { notProvided } from '../../state/machine-helpers'

export interface NewsListContext extends PagedList<NewsItem> {
  /** The tab shown; null is "all". */
  category: NewsCategory | null
  /** Articles in this category on the server, as of the last page loaded. */
  total: number
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

const page = pageAssignments<NewsListContext, NewsPage>((p) => ({ total: p.total }))

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
  actors: { fetchPage: fromPromise<NewsPage, PageRequest>(notProvided('fetchPage')) },
  actions: {
    replace: assign(page.replace),
    append: assign(page.append),
    recordError: assign(page.recordError),
    selectCategory: assign(({ event }) => {
      if (event.type !== 'CATEGORY') return {}
      return { category: event.category, items: [], total: 0, page: 0, failure: null }
    }),
  },
  guards: {
    hasItems,
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
  states: pagedListStates({
    firstPage: ({ context }: { context: NewsListContext }) => ({
      page: 1,
      category: context.category,
    }),
    nextPage: ({ context }) => ({ page: context.page + 1, category: context.category }),
  }),
})
