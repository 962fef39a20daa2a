import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage } from '@kabu/shared/api/inbox'
import { assign, fromPromise, setup } from 'xstate'
import { hasItems, pageAssignments, pagedListStates, type PagedList } from '../../state/paged-list'
import { notProvided } from '../../state/machine-helpers'

export interface InboxContext extends PagedList<InboxItem> {
  unread: number
  /** A full last page means there may be more. */
  hasMore: boolean
}

export type InboxEvent =
  | { type: 'REFRESH' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** A `message:new` arrived on the `/user` socket. */
  | { type: 'ARRIVED' }

/** What a page says beside its messages. */
const countsOf = (page: InboxPage) => ({
  unread: page.unread,
  hasMore: page.list.length === INBOX_PAGE_SIZE,
})

const page = pageAssignments<InboxContext, InboxPage>(countsOf)

/**
 * The inbox of `/mine/message`: loading → list | empty | failed; a pull, a retry or a message
 * arriving live reloads the first page; scrolling on loads the next. The page fetch is an actor
 * injected with `.provide()`, so the screen runs the real call and the test a fake.
 */
export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: { fetchPage: fromPromise<InboxPage, { page: number }>(notProvided('fetchPage')) },
  actions: {
    replace: assign(page.replace),
    append: assign(page.append),
    recordError: assign(page.recordError),
  },
  guards: {
    hasItems,
    hasMore: ({ context }) => context.hasMore,
  },
}).createMachine({
  id: 'inbox',
  context: { items: [], unread: 0, page: 0, hasMore: false, failure: null },
  initial: 'loading',
  states: pagedListStates({
    firstPage: () => ({ page: 1 }),
    nextPage: ({ context }: { context: InboxContext }) => ({ page: context.page + 1 }),
    // A message that arrives while a page is on its way may not be in it: ask again.
    staleOn: 'ARRIVED',
  }),
})
