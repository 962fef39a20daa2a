import { fromPromise } from 'xstate'
import { inboxMachine } from './inbox.machine'
import { fetchInboxPage } from './messages.api'

/** The inbox with the app's page fetch (/api/vue). */
export const liveInboxMachine = inboxMachine.provide({
  actors: { fetchPage: fromPromise(({ input }) => fetchInboxPage(input.page)) },
})
