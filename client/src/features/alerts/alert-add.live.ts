import { fromPromise } from 'xstate'
import { addAlert, type AlertDraft } from './alerts.api'
import { alertAddMachine } from './alert-add.machine'

/** The add-alert sheet with the app's call (/api/vue). */
export const liveAlertAddMachine = alertAddMachine.provide({
  actors: { addAlert: fromPromise(({ input }: { input: AlertDraft }) => addAlert(input)) },
})
