import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsPage,
  type WireNotification,
} from '@kabu/shared/api/notifications'
import { assign, fromPromise, setup, spawnChild } from 'xstate'
import { hasItems, pageAssignments, pagedListStates, type PagedList } from '../../state/paged-list'
import { notProvided } from '../../state/machine-helpers'

export interface NotificationsContext extends PagedList<WireNotification> {
  unread: number
  hasMore: boolean
  /** A mark is on its way (one at a time: a second tap meanwhile is dropped). */
  marking: boolean
}

export type NotificationsEvent =
  | { type: 'REFRESH' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** A `notification:new` arrived on the `/user` socket. */
  | { type: 'ARRIVED' }
  /** One record opened (`id`), or "mark all read": the server marks them, the lines follow. */
  | { type: 'MARK_READ'; id?: string }
  /** The mark's answer (xstate's event of its actor done). */
  | { type: 'xstate.done.actor.marking'; output: Marked }
  | { type: 'xstate.error.actor.marking'; error: unknown }

/** What the server marked read and the unread count after. */
export interface Marked {
  ids: 'all' | string[]
  unread: number
}

const countsOf = (page: NotificationsPage) => ({
  unread: page.unread,
  hasMore: page.list.length === NOTIFICATIONS_PAGE_SIZE,
})

const page = pageAssignments<NotificationsContext, NotificationsPage>(countsOf)

/**
 * The notifications inbox (`/mine/notifications`): the paged list of the inbox of messages, plus
 * MARK_READ, which has the server mark one line (opened) or all read and shows them so. The page
 * fetch and the mark are injected actors.
 */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: {
    fetchPage: fromPromise<NotificationsPage, { page: number }>(notProvided('fetchPage')),
    markRead: fromPromise<Marked, { id?: string }>(notProvided('markRead')),
  },
  actions: {
    replace: assign(page.replace),
    append: assign(page.append),
    recordError: assign(page.recordError),
  },
  guards: { hasItems, hasMore: ({ context }) => context.hasMore },
}).createMachine({
  id: 'notifications',
  context: { items: [], unread: 0, page: 0, hasMore: false, failure: null, marking: false },
  initial: 'loading',
  on: {
    MARK_READ: {
      guard: ({ context }) => !context.marking,
      actions: [
        assign({ marking: true }),
        spawnChild('markRead', {
          id: 'marking',
          input: ({ event }) => ({ id: (event as { id?: string }).id }),
        }),
      ],
    },
    'xstate.error.actor.marking': { actions: assign({ marking: false }) },
    // The lines the server marked show read; a refused mark changes nothing (the api toasts it).
    'xstate.done.actor.marking': {
      actions: assign(({ context, event }) => {
        const { ids, unread } = event.output
        return {
          unread,
          marking: false,
          items: context.items.map((item) =>
            ids === 'all' || ids.includes(item.id) ? { ...item, read: 1 as const } : item,
          ),
        }
      }),
    },
  },
  states: pagedListStates({
    firstPage: () => ({ page: 1 }),
    nextPage: ({ context }: { context: NotificationsContext }) => ({ page: context.page + 1 }),
    staleOn: 'ARRIVED',
  }),
})
