import { fromPromise } from 'xstate'
import { deleteAlert, fetchAlerts, pauseAlert } from './alerts.api'
import { alertsMachine, type AlertChange, type Changed } from './alerts.machine'

/** The alerts list with the app's calls (/api/vue). */
export const liveAlertsMachine = alertsMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input }: { input: { page: number } }) => fetchAlerts(input.page)),
    changeAlert: fromPromise<Changed, AlertChange>(async ({ input }) => {
      if ('delete' in input) {
        await deleteAlert(input.id)
        return { id: input.id, item: null }
      }
      return { id: input.id, item: await pauseAlert(input.id, input.paused) }
    }),
  },
})
