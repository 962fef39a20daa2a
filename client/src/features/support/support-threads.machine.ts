import { SUPPORT_PAGE_SIZE, type SupportThreadItem } from '@kabu/shared/api/support'
import { assign, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'
import { hasItems, pageAssignments, pagedListStates, type PagedList } from '../../state/paged-list'
import type { SupportThreadsPage } from './support.api'

export interface SupportThreadsContext extends PagedList<SupportThreadItem> {
  /** A full last page means there may be more. */
  hasMore: boolean
}

export type SupportThreadsEvent =
  | { type: 'REFRESH' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** A `support:message` arrived on the `/user` socket: a status and an unread count changed. */
  | { type: 'ARRIVED' }

/** What a page says beside its threads: a full one means there may be more. */
const page = pageAssignments<SupportThreadsContext, SupportThreadsPage>((p) => ({
  hasMore: p.list.length === SUPPORT_PAGE_SIZE,
}))

/**
 * The conversations of `/mine/support`: loading → list | empty | failed; a pull, a retry or an
 * operator's reply arriving live reloads the first page. The page fetch is injected.
 */
export const supportThreadsMachine = setup({
  types: { context: {} as SupportThreadsContext, events: {} as SupportThreadsEvent },
  actors: {
    fetchPage: fromPromise<SupportThreadsPage, { page: number }>(notProvided('fetchPage')),
  },
  actions: {
    replace: assign(page.replace),
    append: assign(page.append),
    recordError: assign(page.recordError),
  },
  guards: { hasItems, hasMore: ({ context }) => context.hasMore },
}).createMachine({
  id: 'supportThreads',
  context: { items: [], page: 0, hasMore: false, failure: null },
  initial: 'loading',
  states: pagedListStates({
    firstPage: () => ({ page: 1 }),
    nextPage: ({ context }: { context: SupportThreadsContext }) => ({ page: context.page + 1 }),
    staleOn: 'ARRIVED',
  }),
})
