import { ALERTS_PAGE_SIZE, type AlertItem, type AlertsPage } from '@kabu/shared/api/alerts'
import { assign, fromPromise, setup, spawnChild } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'
import { hasItems, pageAssignments, pagedListStates, type PagedList } from '../../state/paged-list'

export interface AlertsContext extends PagedList<AlertItem> {
  /** Alerts the user holds on the server, as of the last page read (ALERTS_MAX may pass a page). */
  total: number
  /** A pause, a resume or a delete is on its way (one at a time: a second tap meanwhile is dropped). */
  changing: boolean
}

export type AlertsEvent =
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'PAUSE'; id: string; paused: boolean }
  | { type: 'DELETE'; id: string }
  /** An alert fired (`alert:triggered` on the `/user` socket): its status changed. */
  | { type: 'ARRIVED' }
  /** The change's answer (xstate's events of its actor). */
  | { type: 'xstate.done.actor.changing'; output: Changed }
  | { type: 'xstate.error.actor.changing'; error: unknown }

/** What a change sends: a pause, a resume or a delete of one alert. */
export type AlertChange = { id: string; delete: true } | { id: string; paused: boolean }

/** What a change came back with: the alert as it is now, or null once deleted. */
export interface Changed {
  id: string
  item: AlertItem | null
}

/**
 * The page after what is shown, counted from how many are shown rather than from the pages read:
 * a delete moves every later alert up one place, and the page it leaves short is read again (what
 * is already shown is skipped), so no alert falls between two pages.
 */
const pageAfter = (shown: number) => Math.floor(shown / ALERTS_PAGE_SIZE) + 1

const page = pageAssignments<AlertsContext, AlertsPage>((p) => ({ total: p.total }))

/**
 * `/mine/alerts`: the paged list (loading → list | empty | failed; more pages while the server's
 * `total` says so). A pause, a resume or a delete changes its one line in place as the server
 * answers, so pages already read stay; an alert firing live reads the first page again. Its calls
 * are injected (alerts.live.ts).
 */
export const alertsMachine = setup({
  types: { context: {} as AlertsContext, events: {} as AlertsEvent },
  actors: {
    fetchPage: fromPromise<AlertsPage, { page: number }>(notProvided('fetchPage')),
    changeAlert: fromPromise<Changed, AlertChange>(notProvided('changeAlert')),
  },
  actions: {
    replace: assign(page.replace),
    append: assign(page.append),
    recordError: assign(page.recordError),
  },
  guards: { hasItems, hasMore: ({ context }) => context.items.length < context.total },
}).createMachine({
  id: 'alerts',
  context: { items: [], page: 0, total: 0, failure: null, changing: false },
  initial: 'loading',
  on: {
    PAUSE: {
      guard: ({ context }) => !context.changing,
      actions: [
        assign({ changing: true }),
        spawnChild('changeAlert', {
          id: 'changing',
          input: ({ event }) => {
            const { id, paused } = event as { id: string; paused: boolean }
            return { id, paused }
          },
        }),
      ],
    },
    DELETE: {
      guard: ({ context }) => !context.changing,
      actions: [
        assign({ changing: true }),
        spawnChild('changeAlert', {
          id: 'changing',
          input: ({ event }) => ({ id: (event as { id: string }).id, delete: true as const }),
        }),
      ],
    },
    'xstate.done.actor.changing': {
      actions: assign(({ context, event }) => {
        const { id, item } = event.output
        if (item)
          return {
            changing: false,
            failure: null,
            items: context.items.map((shown) => (shown.id === id ? item : shown)),
          }
        return {
          changing: false,
          failure: null,
          items: context.items.filter((shown) => shown.id !== id),
          total: Math.max(0, context.total - 1),
        }
      }),
    },
    'xstate.error.actor.changing': {
      actions: assign(({ event }) => ({ changing: false, failure: errorKey(event.error) })),
    },
  },
  states: pagedListStates({
    firstPage: () => ({ page: 1 }),
    nextPage: ({ context }: { context: AlertsContext }) => ({
      page: pageAfter(context.items.length),
    }),
    staleOn: 'ARRIVED',
  }),
})
