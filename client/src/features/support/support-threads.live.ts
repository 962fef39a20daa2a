import { fromPromise } from 'xstate'
import { fetchThreads } from './support.api'
import { supportThreadsMachine } from './support-threads.machine'

/** The threads list with the app's page fetch (/api/vue). */
export const liveThreadsMachine = supportThreadsMachine.provide({
  actors: { fetchPage: fromPromise(({ input }) => fetchThreads(input.page)) },
})
