import { fromPromise } from 'xstate'
import { preferences } from '../../state/preferences'
import { fetchNotificationsPage, markNotificationsRead } from './notifications.api'
import { notificationsMachine } from './notifications.machine'

/** The inbox with the app's page fetch, its words in the app's language. */
export const liveNotificationsMachine = notificationsMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input }) => fetchNotificationsPage(input.page, preferences.locale)),
    markRead: fromPromise(async ({ input }) => ({
      ...(await markNotificationsRead(input.id)),
      ids: input.id === undefined ? ('all' as const) : [input.id],
    })),
  },
})
